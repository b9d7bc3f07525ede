import ViperCore

/// A session is a conversation whose messages are protocol lines; a binary message's bytes are
/// read as a line too (and are a parse error when they are not UTF-8).
extension Session: WebSocketConversation {
    nonisolated func accept(_ messages: [WebSocketMessage]) async {
        await accept(lines: messages.map { .complete($0.bytes) })
    }

    var hasBegun: Bool { hasSentInitialize }
}
