import ViperJSON

/// `engine.state`: the session's stack of live scenes, bottom first, with what each last showed.
package struct EngineStateRequest: WireRequest, ViewRequest {
    package static let wireMethod = WireMethod.engineState
    static let journaling = RequestJournaling.notKept

    package init() {}

    struct Result: Encodable, Sendable {
        struct Entry: Encodable, Sendable {
            let scene: String
            let kind: String
            /// The last view model rendered, or null before the first render.
            let viewModel: RawJSON?
        }

        let stack: [Entry]
    }
}

extension EngineStateRequest.Result: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue {
        ProtocolSchema.object(["stack": ["type": "array", "items": ProtocolSchema.object(
            ["scene": ProtocolSchema.sceneID, "kind": ["type": "string"], "viewModel": ["type": ["object", "null"]]])]])
    }
}
