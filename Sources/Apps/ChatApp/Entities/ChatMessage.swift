import Foundation

/// One message of a conversation, as the chat server stores it.
struct ChatMessage: Sendable, Equatable {
    /// The server's id: a whole number in text, growing across every conversation.
    let id: String
    let conversationID: String
    /// The author's name, which is also who they are: the user's own messages carry theirs.
    let author: String
    let text: String
    let sentAt: Date

    /// The id as the number the long poll counts from; nil for an id that is not one.
    var sequence: Int? { Int(id) }
}
