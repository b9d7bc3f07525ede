import AppTestSupport
import Foundation

@testable import ChatApp

/// The user's name in these tests: not the app's default ("You"), so that a test sees the name
/// it was given is the one used.
let testAuthor = "Grace"

/// The conversation with Ada, as the inbox opens it.
let adaInput = ChatConversationInput(conversationID: "ada", title: "Ada")

/// Message `id` of `conversation` as the server stores it: by Ada, saying "Hello", sent at 09:00
/// UTC on 23 November 2026 (`testNow`), unless told otherwise.
func chatMessage(
    _ id: String, in conversation: String = "ada", author: String = "Ada", text: String = "Hello", sentAt: String = testNow
) -> ChatMessage {
    ChatMessage(id: id, conversationID: conversation, author: author, text: text, sentAt: instant(sentAt))
}

/// `message` as the bus brings it (`chat.messageReceived`).
func busEvent(_ message: ChatMessage) -> ChatMessageReceived {
    ChatMessageReceived(message)
}
