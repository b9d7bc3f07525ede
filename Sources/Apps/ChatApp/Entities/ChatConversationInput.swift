/// What opens a conversation: which one, and the title to show while it loads.
public struct ChatConversationInput: Sendable, Equatable {
    /// The server's conversation id (`ada`).
    public let conversationID: String
    public let title: String

    public init(conversationID: String, title: String) {
        self.conversationID = conversationID
        self.title = title
    }
}
