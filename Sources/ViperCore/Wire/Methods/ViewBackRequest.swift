import ViperJSON

/// `view.back` (1.1): the user left the top scene with the platform's back gesture.
struct ViewBackRequest: WireRequest {
    typealias Result = EmptyResult
    static let method = WireMethod.viewBack.rawValue
    static let journaling = RequestJournaling.kept

    /// The id of the top scene, which must not be the root.
    var scene: String
}

extension ViewBackRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        ["scene": ProtocolSchema.sceneID]
    }
}
