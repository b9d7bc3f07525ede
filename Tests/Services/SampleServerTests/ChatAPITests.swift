import Testing
import ViperJSON

@testable import SampleServer

@Suite("The chat API: messages, Ada's replies, the long poll")
struct ChatAPITests {
    @Test("A sent message comes back, and Ada's reply arrives by itself about a second later")
    func reply() async throws {
        let api = try SampleAPIHarness()
        let sent = await api.post("/v1/chat/messages", ["conversationId": "ada", "author": "Grace", "text": "Hello Ada"])
        #expect(sent.status == 201)
        let id = try #require(sent.body["id"]?.stringValue)
        let started = ContinuousClock.now
        let poll = await api.get("/v1/chat/messages", ["conversationId": "ada", "after": id, "wait": "10"])
        let waited = ContinuousClock.now - started
        guard case .array(let messages)? = poll.body["messages"], let reply = messages.first else {
            Issue.record("no reply in \(poll.body)")
            return
        }
        #expect(reply["author"] == "Ada")
        #expect(waited < .seconds(9), "the poll returned when the reply came, not at the end of its wait")
        let conversations = await api.get("/v1/chat/conversations")
        guard case .array(let list)? = conversations.body["conversations"] else { return }
        #expect(list.first { $0["id"] == "ada" }?["lastMessage"]?["author"] == "Ada")
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
