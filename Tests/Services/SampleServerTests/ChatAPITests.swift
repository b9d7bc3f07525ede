import Testing
import ViperJSON

@testable import SampleServer

@Suite("The chat API: messages, Ada's replies, the long poll")
struct ChatAPITests {
    @Test("A sent message comes back, and Ada's reply arrives by itself, ending a long poll that waits for it")
    func reply() async throws {
        let api = try SampleAPIHarness()
        let sent = await api.post("/v1/chat/messages", ["conversationId": "ada", "author": "Grace", "text": "Hello Ada"])
        #expect(sent.status == 201)
        let id = try #require(sent.body["id"]?.stringValue)
        // The poll ends when the reply is stored, a second after the message; a test suite that
        // keeps every thread busy for longer can make it end at its wait instead, so it polls
        // again (nothing here measures time: tests have no timed assertions).
        var messages: [JSONValue] = []
        for _ in 1...3 where messages.isEmpty {
            let poll = await api.get("/v1/chat/messages", ["conversationId": "ada", "after": id, "wait": "30"])
            guard case .array(let found)? = poll.body["messages"] else {
                Issue.record("no messages member in \(poll.body)")
                return
            }
            messages = found
        }
        #expect(messages.count == 1)
        #expect(messages.first?["author"] == "Ada")
        #expect(messages.first?["conversationId"] == "ada")
        let conversations = await api.get("/v1/chat/conversations")
        guard case .array(let list)? = conversations.body["conversations"] else { return }
        #expect(list.first { $0["id"] == "ada" }?["lastMessage"]?["author"] == "Ada")
        await api.api.chat.close()
    }

    @Test("A poll without a conversation hears every conversation, and wakes for a message in any")
    func pollOfEveryConversation() async throws {
        let api = try SampleAPIHarness()
        let first = await api.post("/v1/chat/messages", ["conversationId": "ada", "author": "Grace", "text": "Hello Ada"])
        let second = await api.post("/v1/chat/messages", ["conversationId": "engines", "author": "Grace", "text": "Hello club"])
        #expect(first.status == 201 && second.status == 201)
        let both = await api.get("/v1/chat/messages", [:])
        guard case .array(let messages)? = both.body["messages"] else {
            Issue.record("no messages in \(both.body)")
            return
        }
        #expect(messages.map { $0["conversationId"] } == ["ada", "engines"])
        let last = try #require(second.body["id"]?.stringValue)
        // Ada answers in both a second later; a poll of every conversation hears her (polled
        // again if a busy machine lets the wait end first, as in `reply`).
        var replies: [JSONValue] = []
        for _ in 1...3 where replies.isEmpty {
            guard case .array(let found)? = await api.get("/v1/chat/messages", ["after": last, "wait": "30"]).body["messages"] else { return }
            replies = found
        }
        #expect(replies.first?["author"] == "Ada")
        await api.api.chat.close()
    }

    @Test("A poll with nothing new returns an empty list when its wait ends")
    func emptyPoll() async throws {
        let api = try SampleAPIHarness()
        let poll = await api.get("/v1/chat/messages", ["conversationId": "engines", "wait": "1"])
        #expect(poll.status == 200)
        #expect(poll.body == ["messages": []])
    }

    @Test(
        "Bad messages are refused without a reply being scheduled",
        arguments: [
            (["conversationId": "nowhere", "author": "Grace", "text": "Hi"], 404),
            (["conversationId": "ada", "author": "Grace", "text": "   "], 422),
            (["conversationId": "ada", "author": "", "text": "Hi"], 422),
            (["conversationId": "ada", "author": "Grace", "text": .string(String(repeating: "x", count: 10_000))], 422),
        ] as [(JSONValue, Int)])
    func badMessages(body: JSONValue, status: Int) async throws {
        let api = try SampleAPIHarness()
        #expect(await api.post("/v1/chat/messages", body).status == status)
        #expect(await api.get("/v1/chat/messages", ["conversationId": "ada"]).body == ["messages": []])
    }
}
