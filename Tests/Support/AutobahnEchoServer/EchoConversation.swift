@testable import ViperWeb

/// One connection's echo.
struct EchoConversation: WebSocketConversation {
    let output: SessionOutput

    func accept(_ messages: [WebSocketMessage]) async {
        for message in messages { output.send(message) }
        output.flush()
    }

    func finish(droppingQueued: Bool) async {}

    /// An echo has nothing to begin.
    var hasBegun: Bool { true }
}
