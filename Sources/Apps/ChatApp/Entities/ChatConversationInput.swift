/// What opens a conversation: which one, and the title to show while it loads.
public struct ChatConversationInput: Sendable, Equatable {
    /// The server's conversation id (`ada`).
    public let conversationID: String
    /// The title the conversation shows, as the inbox lists it ("Ada").
    public let title: String

    /// The input that opens the conversation `conversationID`, titled `title`.
    public init(conversationID: String, title: String) {
        self.conversationID = conversationID
        self.title = title
    }
}
