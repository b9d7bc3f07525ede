/// A conversation as the inbox lists it.
struct ConversationSummary: Sendable, Equatable {
    let id: String
    let title: String
    /// The newest message, nil in a conversation with none.
    var lastMessage: ChatMessage?
    /// Messages of others that arrived while the conversation was not open.
    var unreadCount = 0
}
