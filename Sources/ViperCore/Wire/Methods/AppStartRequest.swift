import ViperJSON

/// `app.start`: shows an app's root scene, replacing the whole stack.
package struct AppStartRequest: WireRequest, ViewRequest {
    package static let wireMethod = WireMethod.appStart
    static let journaling = RequestJournaling.kept

    package init(app: String) {
        self.app = app
    }

    /// The app's name, one of `initialize`'s `apps`.
    package var app: String

    struct Result: Encodable, Sendable {
        /// The id of the root scene that was shown.
        let scene: String
    }
}

extension AppStartRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        ["app": ["enum": .array(scope.apps.map { .string($0.name) })]]
    }
}

extension AppStartRequest.Result: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue {
        ProtocolSchema.object(["scene": ProtocolSchema.sceneID])
    }
}
