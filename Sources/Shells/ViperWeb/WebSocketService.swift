/// What the messages of a WebSocket connection are for. `viper serve --listen` gives each
/// connection a session of the engine (`EngineSessions`); the stack's conformance test gives
/// each an echo. Everything else (RFC 6455, limits, backpressure, closing) is the server's.
protocol WebSocketService: Sendable {
    /// Starts serving one connection, whose answers go to `output`.
    func open(output: SessionOutput) -> any WebSocketConversation
}
