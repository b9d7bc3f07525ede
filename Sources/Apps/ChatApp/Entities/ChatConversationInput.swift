/// What opens a conversation: which one, and the title to show while it loads.
struct ChatConversationInput: Sendable, Equatable {
    /// The server's conversation id (`ada`).
    let conversationID: String
    /// The title the conversation shows, as the inbox lists it ("Ada").
    let title: String
}
