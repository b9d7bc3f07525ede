/// One connection's side of a `WebSocketService`: it takes the client's messages in the order
/// they came, then hears that they ended.
protocol WebSocketConversation: Sendable {
    /// Carries out messages that arrived together; the connection reads on once this returns,
    /// so a conversation that takes its time slows its client, through TCP.
    func accept(_ messages: [WebSocketMessage]) async

    /// The client's messages ended (it left or closed, the connection failed, or the server is
    /// stopping); returns once every answer is written. `droppingQueued`: the server is
    /// stopping, and only what is running is finished.
    func finish(droppingQueued: Bool) async

    /// Whether the conversation has begun (an engine's session: `initialize` has run): one that
    /// has not within `WebServerLimits.initializeTimeout` is closed, so that connections that
    /// say nothing cannot hold every session's place.
    var hasBegun: Bool { get async }
}
