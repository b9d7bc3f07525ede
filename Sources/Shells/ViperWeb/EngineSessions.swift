import ViperCore

/// `viper serve --listen`'s service: each connection a session of the engine, each message one
/// protocol line.
struct EngineSessions: WebSocketService {
    let engine: Engine

    func open(output: SessionOutput) -> any WebSocketConversation {
        engine.makeSession(output: output)
    }
}
