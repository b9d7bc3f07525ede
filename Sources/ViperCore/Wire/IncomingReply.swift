import ViperJSON

/// The client's answer to a request the engine sent it (`effect.http`): a JSON-RPC response,
/// which carries no method.
struct IncomingReply: Sendable {
    /// What the client answered.
    enum Outcome: Sendable {
        case result(JSONValue)
        case error(JSONValue)
    }

    let id: RequestID
    let outcome: Outcome
}
