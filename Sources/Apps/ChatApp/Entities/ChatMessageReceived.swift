public import ViperCore

/// The bus event `chat.messageReceived` (the conversation's TextMessageReceived flow): a message arrived
/// from outside the View. The chat's live feed posts one for every new message of another
/// author; `notification.post` plays one by hand.
public struct ChatMessageReceived: BusEvent, Equatable {
    public static let name = "chat.messageReceived"

    /// The server's id of the conversation the message belongs to (`ada`).
    public let conversationId: String
    /// The server's id of the message, a whole number in text; an id already shown is ignored.
    public let messageId: String
    /// The author's name.
    public let author: String
    /// What the message says.
    public let text: String
    /// When the message was sent, as the server recorded it.
    public let sentAt: Instant

    /// The event for a message of `author` in the conversation `conversationId`.
    public init(conversationId: String, messageId: String, author: String, text: String, sentAt: Instant) {
        self.conversationId = conversationId
        self.messageId = messageId
        self.author = author
        self.text = text
        self.sentAt = sentAt
    }
}

extension ChatMessageReceived {
    /// The event for `message`.
    init(_ message: ChatMessage) {
        self.init(
            conversationId: message.conversationID, messageId: message.id, author: message.author, text: message.text,
            sentAt: Instant(message.sentAt))
    }

    /// The message it carries.
    var message: ChatMessage {
        ChatMessage(id: messageId, conversationID: conversationId, author: author, text: text, sentAt: sentAt.date)
    }
}
