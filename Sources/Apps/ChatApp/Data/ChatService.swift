/// The chat server, as the chat's Interactors and live feed see it.
protocol ChatService: Sendable {
    /// Every conversation, with its newest message.
    func conversations() async throws(ChatFailure) -> [ConversationSummary]

    /// Every message of the conversation `conversationID`, oldest first.
    func messages(in conversationID: String) async throws(ChatFailure) -> [ChatMessage]

    /// Sends `text` to the conversation `conversationID` as `author`; the message as stored.
    func send(_ text: String, to conversationID: String, as author: String) async throws(ChatFailure) -> ChatMessage

    /// The messages of every conversation after the one numbered `sequence`, oldest first: at
    /// once when there are some, else as soon as one arrives, or none after `seconds`.
    func messages(after sequence: Int, waitingUpTo seconds: Int) async throws(ChatFailure) -> [ChatMessage]
}
