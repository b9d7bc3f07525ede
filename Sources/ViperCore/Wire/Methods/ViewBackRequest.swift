import ViperJSON

/// `view.back` (1.1): the user left the top scene with the platform's back gesture.
package struct ViewBackRequest: WireRequest, ViewRequest {
    typealias Result = EmptyResult
    package static let wireMethod = WireMethod.viewBack
    static let journaling = RequestJournaling.kept

    package init(scene: String) {
        self.scene = scene
    }

    /// The id of the top scene, which must not be the root.
    package var scene: String
}

extension ViewBackRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        ["scene": ProtocolSchema.sceneID]
    }
}
