import ViperJSON

/// `app.start`: shows an app's root scene, replacing the whole stack.
struct AppStartRequest: WireRequest {
    static let method = WireMethod.appStart.rawValue
    static let journaling = RequestJournaling.kept

    /// The app's name, one of `initialize`'s `apps`.
    var app: String

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
