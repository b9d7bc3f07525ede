import Foundation
import ViperJSON
import ViperStore

/// The Chat app's server: two conversations with Ada, who answers every message a second later, and
/// a long poll that returns as soon as a newer message exists.
struct ChatAPI: Sendable {
    let store: Store
    let clock: SampleClock
    let room: ChatRoom

    struct Conversation: Sendable {
        let id: String
        let title: String
        let participants: [String]
    }

    static let conversations = [
        Conversation(id: "ada", title: "Ada", participants: ["Ada"]),
        Conversation(id: "engines", title: "Analytical Engine club", participants: ["Ada", "Charles"]),
    ]
    static let ada = "Ada"
    static let replyDelay = Duration.seconds(1)
    static let longestWait = 30
    static let longestText = 1000

    private static let replies = [
        "That is a fine thought. Tell me more.",
        "I had not looked at it that way. What made you think of it?",
        "The engine weaves patterns as a loom weaves flowers and leaves.",
        "Let us write it down as a table of operations first.",
        "Agreed. Shall we try it on Bernoulli numbers next?",
        "A good question. Give me a moment to work it through.",
    ]

    func register(in router: inout SampleRouter) {
        router.add("GET", "/v1/chat/conversations") { _, _ throws(SampleFailure) in try await listConversations() }
        router.add("POST", "/v1/chat/messages") { request, _ throws(SampleFailure) in try await send(request) }
        router.add("GET", "/v1/chat/messages") { request, _ throws(SampleFailure) in try await poll(request) }
    }

    private func listConversations() async throws(SampleFailure) -> SampleResponse {
        let latest = try await stored {
            try await store.read { db in
                try await db.query(
                    """
                    SELECT id, conversation_id, author, text, sent_at FROM sample_chat_messages
                    WHERE id IN (SELECT MAX(id) FROM sample_chat_messages GROUP BY conversation_id)
                    """
                ).map { row in (try row.get("conversation_id") as String, try Self.messageJSON(row)) }
            }
        }
        let last = Dictionary(uniqueKeysWithValues: latest)
        return SampleResponse(200, [
            "conversations": .array(Self.conversations.map { conversation in
                [
                    "id": .string(conversation.id), "title": .string(conversation.title),
                    "participants": .array(conversation.participants.map(JSONValue.string)),
                    "lastMessage": last[conversation.id] ?? .null,
                ]
            })
        ])
    }

    private func send(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        let body = try request.jsonObject()
        let conversationID = try request.string("conversationId", in: body)
        let author = try request.string("author", in: body).trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try request.string("text", in: body)
        try Self.checkConversation(conversationID)
        guard (1...64).contains(author.count) else { throw .invalid(field: "author", "An author is 1 to 64 characters.") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .invalid(field: "text", "A message needs some text.") }
        guard text.count <= Self.longestText else {
            throw .invalid(field: "text", "A message is at most \(Self.longestText) characters, not \(text.count).")
        }
        let message = try await insert(conversationID: conversationID, author: author, text: text)
        await room.changed()
        if author != Self.ada {
            let reply = Self.replies[StableHash.pick(0...(Self.replies.count - 1), from: text)]
            let api = self
            await room.schedule(after: Self.replyDelay) {
                if (try? await api.insert(conversationID: conversationID, author: Self.ada, text: reply)) != nil {
                    await api.room.changed()
                }
            }
        }
        return SampleResponse(201, message)
    }

    private func poll(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        // Without a conversation, the poll hears every one: a client's live feed then needs a
        // single poll, whatever the number of conversations. Ids grow across conversations.
        let conversationID = request.query["conversationId"].flatMap { $0.isEmpty ? nil : $0 }
        if let conversationID { try Self.checkConversation(conversationID) }
        let after = try Self.integer(request, "after", default: 0, in: 0...Int.max)
        let wait = try Self.integer(request, "wait", default: 0, in: 0...Self.longestWait)
        let deadline = ContinuousClock.now + .seconds(wait)
        while true {
            let version = await room.version
            let messages = try await stored {
                try await store.read { db in
                    try await db.query(
                        """
                        SELECT id, conversation_id, author, text, sent_at FROM sample_chat_messages
                        WHERE (CAST(? AS TEXT) IS NULL OR conversation_id = ?) AND id > ? ORDER BY id LIMIT 100
                        """,
                        conversationID, conversationID, after
                    ).map(Self.messageJSON)
                }
            }
            let remaining = deadline - ContinuousClock.now
            if !messages.isEmpty || remaining <= .zero || Task.isCancelled {
                return SampleResponse(200, ["messages": .array(messages)])
            }
            await room.waitForChange(after: version, timeout: remaining)
            if await room.version == version { return SampleResponse(200, ["messages": []]) }
        }
    }

    private func insert(conversationID: String, author: String, text: String) async throws(SampleFailure) -> JSONValue {
        let sentAt = Timestamp.string(clock.now())
        return try await stored {
            try await store.write { db in
                let id: Int64? = try await db.row(
                    "INSERT INTO sample_chat_messages (conversation_id, author, text, sent_at) VALUES (?, ?, ?, ?) RETURNING id", conversationID, author, text,
                    sentAt)?.get(0)
                // Long polls on other processes of the same database wake to it.
                db.announce(SampleStore.chatTopic)
                return Self.messageJSON(id: id ?? 0, conversationID: conversationID, author: author, text: text, sentAt: sentAt)
            }
        }
    }

    private static func checkConversation(_ id: String) throws(SampleFailure) {
        guard conversations.contains(where: { $0.id == id }) else {
            throw SampleFailure(404, "notFound", "There is no conversation \(id); GET /v1/chat/conversations lists them.")
        }
    }

    private static func integer(_ request: SampleRequest, _ name: String, default value: Int, in range: ClosedRange<Int>) throws(SampleFailure) -> Int {
        guard let text = request.query[name], !text.isEmpty else { return value }
        guard let number = Int(text), range.contains(number) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw .invalid(field: name, "\(name) is a whole number \(bound), not '\(text)'.")
        }
        return number
    }

    private static func messageJSON(_ row: StoreRow) throws -> JSONValue {
        messageJSON(
            id: try row.get("id"), conversationID: try row.get("conversation_id"), author: try row.get("author"), text: try row.get("text"),
            sentAt: try row.get("sent_at"))
    }

    private static func messageJSON(id: Int64, conversationID: String, author: String, text: String, sentAt: String) -> JSONValue {
        ["id": .string(String(id)), "conversationId": .string(conversationID), "author": .string(author), "text": .string(text), "sentAt": .string(sentAt)]
    }
}
