import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The chat Service over HTTP: `GET /v1/chat/conversations` and `/v1/chat/messages` (a long
/// poll), and `POST /v1/chat/messages`, of a `viper sample-server` (docs/sample-server.openapi.json).
struct HTTPChatService: ChatService {
    let endpoint: ServiceEndpoint
    let client: ServiceClient

    static let conversationsOperation = "chat.conversations"
    static let messagesOperation = "chat.messages"
    static let sendOperation = "chat.send"
    static let feedOperation = "chat.feed"
    /// The server returns at most this many messages at a time, oldest first.
    static let pageSize = 100

    func conversations() async throws(ChatFailure) -> [ConversationSummary] {
        let reply = try await client.send("GET", "/v1/chat/conversations", on: endpoint, operation: Self.conversationsOperation, failingAs: ChatFailure.self)
        guard case .array(let conversations)? = try reply.success(failingAs: ChatFailure.self)["conversations"] else {
            throw .malformed("no list of conversations")
        }
        return conversations.compactMap { json in
            guard let id = json["id"]?.text, let title = json["title"]?.text else { return nil }
            return ConversationSummary(id: id, title: title, lastMessage: json["lastMessage"].flatMap(Self.message))
        }
    }

    func messages(in conversationID: String) async throws(ChatFailure) -> [ChatMessage] {
        var all: [ChatMessage] = []
        var after = 0
        // Page by page: a long conversation comes back a hundred messages at a time.
        while true {
            let page = try await page(
                [("conversationId", conversationID), ("after", String(after))], operation: Self.messagesOperation)
            all += page.messages
            // A full page, counted before unreadable messages were left out, may have more after it.
            guard page.count >= Self.pageSize, let last = page.messages.last?.sequence, last > after else { return all }
            after = last
        }
    }

    func send(_ text: String, to conversationID: String, as author: String) async throws(ChatFailure) -> ChatMessage {
        let reply = try await client.send(
            "POST", "/v1/chat/messages", on: endpoint,
            body: ["conversationId": .string(conversationID), "author": .string(author), "text": .string(text)],
            operation: Self.sendOperation, failingAs: ChatFailure.self)
        guard let message = Self.message(try reply.success(failingAs: ChatFailure.self)) else { throw .malformed("the message sent did not come back") }
        return message
    }

    func messages(after sequence: Int, waitingUpTo seconds: Int) async throws(ChatFailure) -> [ChatMessage] {
        try await page([("after", String(sequence)), ("wait", String(seconds))], operation: Self.feedOperation).messages
    }

    /// The messages of one answer that can be read, and how many it held.
    private func page(_ query: [(name: String, value: String)], operation: String) async throws(ChatFailure) -> (messages: [ChatMessage], count: Int) {
        let reply = try await client.send("GET", "/v1/chat/messages", on: endpoint, query: query, operation: operation, failingAs: ChatFailure.self)
        guard case .array(let messages)? = try reply.success(failingAs: ChatFailure.self)["messages"] else { throw .malformed("no list of messages") }
        return (messages.compactMap(Self.message), messages.count)
    }



    /// `{"id", "conversationId", "author", "text", "sentAt"}`; nil for anything else.
    private static func message(_ json: JSONValue) -> ChatMessage? {
        guard let id = json["id"]?.text, let conversationID = json["conversationId"]?.text, let author = json["author"]?.text,
            let text = json["text"]?.text, let sentAt = json["sentAt"]?.text.flatMap(Instant.parse)
        else { return nil }
        return ChatMessage(id: id, conversationID: conversationID, author: author, text: text, sentAt: sentAt)
    }
}
