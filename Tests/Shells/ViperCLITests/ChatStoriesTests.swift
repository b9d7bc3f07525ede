import Foundation
import Testing
import WebSocketTestClient

/// The Chat stories (protocol.md section 17) over the wire: the built `viper serve`, its live feed
/// long-polling a sample server (its own, or a `viper sample-server` process), and Ada's answer
/// arriving as renders nobody asked for, while the View sends nothing.
@Suite("Chat over the wire: replies that arrive by themselves", .serialized)
struct ChatStoriesTests {
    static let now = "2026-11-23T09:41:00Z"

    private func viewModel(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: line)) as? [String: Any])
    }

    private func scene(of line: String) -> String? {
        (WireJSON.object(line)?["params"] as? [String: Any])?["scene"] as? String
    }

    private func messages(_ line: String) throws -> [[String: Any]] {
        try #require(try viewModel(line)["messages"] as? [[String: Any]])
    }

    private func conversation(_ id: String, in line: String) throws -> [String: Any] {
        let conversations = try #require(try viewModel(line)["conversations"] as? [[String: Any]])
        return try #require(conversations.first { $0["conversationId"] as? String == id })
    }

    /// Starts chat on `engine`, opens `conversation` and sends `text`; returns the lines of the send.
    private func send(_ text: String, in conversation: String, on engine: ServeProcess, firstID: Int = 1) throws -> [String] {
        _ = try engine.call(Wire.initialize(firstID, now: Self.now, timeZone: "Europe/London", locale: "en_GB"))
        let started = try engine.call(Wire.request(firstID + 1, "app.start", #"{"app":"chat"}"#))
        #expect(started.first == Wire.navigate("root", "chat.inbox#1"))
        let opened = try engine.call(Wire.event(firstID + 2, "chat.inbox#1", "conversationTapped", #"{"conversationId":"\#(conversation)"}"#))
        #expect(opened.first == Wire.navigate("present", "chat.conversation#1", from: "chat.inbox#1"))
        let typed = try engine.call(Wire.event(firstID + 3, "chat.conversation#1", "inputTextChanged", #"{"inputText":\#(Wire.string(text))}"#))
        #expect(try viewModel(typed[0])["sendButtonEnabled"] as? Bool == true)
        return try engine.call(Wire.event(firstID + 4, "chat.conversation#1", "sendButtonTapped"))
    }

    /// Reads lines the engine writes by itself until `done` holds for one; returns them all.
    private func readUntil(on engine: ServeProcess, _ done: (String) throws -> Bool) throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try engine.readLine()
            lines.append(line)
            if try done(line) { return lines }
        }
    }

    @Test("With no server named, Ada answers a second after the message, as renders the View never asked for")
    func adaAnswersByHerself() async throws {
        try await onOwnThread {
            let engine = try ServeProcess(serving: ["--db", ":memory:"])
            let sent = try send("Hello Ada, how is the engine?", in: "ada", on: engine)
            try #require(sent.count == 2, "\(sent)")
            let shown = try messages(sent[0])
            #expect(shown.count == 1)
            #expect(shown.first?["messageText"] as? String == "Hello Ada, how is the engine?")
            #expect(shown.first?["messageHeader"] as? String == "You" && shown.first?["isMine"] as? Bool == true)
            #expect(try viewModel(sent[0])["inputText"] as? String == "")

            // Nothing more is sent: the feed's long poll returns with Ada's reply and posts it.
            let arrived = try readUntil(on: engine) { scene(of: $0) == "chat.conversation#1" }
            let answer = try #require(try messages(arrived.last!).last)
            #expect(answer["messageHeader"] as? String == "Ada")
            #expect(answer["isMine"] as? Bool == false)
            // The inbox under the conversation took it as the newest message, not as unread.
            let inbox = try #require(arrived.first { scene(of: $0) == "chat.inbox#1" })
            let ada = try conversation("ada", in: inbox)
            #expect(ada["lastMessage"] as? String == answer["messageText"] as? String)
            #expect(ada["unreadCount"] as? Int == 0)

            // Closing renders nothing in the conversation; the inbox reloads.
            let closed = try engine.call(Wire.event(6, "chat.conversation#1", "closeButtonTapped"))
            #expect(closed.first == Wire.navigate("dismiss", "chat.conversation#1", from: "chat.inbox#1"))
            #expect(!closed.contains { scene(of: $0) == "chat.conversation#1" && $0.contains("view.render") })
            let exit = try engine.finish()
            #expect(exit.status == 0)
            #expect(exit.remainingLines.isEmpty, "the feed ended with the input: \(exit.remainingLines)")
        }
    }

    @Test("Two people on one server: what Grace sends and Ada answers is unread in the other person's inbox, once each")
    func anotherPersonsMessagesAreUnread() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let reader = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            _ = try reader.call(Wire.initialize(1, now: Self.now))
            let listed = try reader.call(Wire.request(2, "app.start", #"{"app":"chat"}"#))
            #expect(try conversation("engines", in: listed[1])["unreadCount"] as? Int == 0)

            let grace = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url, "--chat-name", "Grace"])
            let sent = try send("The club meets on Thursday.", in: "engines", on: grace)
            #expect(try messages(sent[0]).last?["messageHeader"] as? String == "Grace")

            // Grace's message, then Ada's answer to it, each raise the count once.
            var unread = 0
            let arrived = try readUntil(on: reader) { line in
                unread = try conversation("engines", in: line)["unreadCount"] as? Int ?? unread
                return unread == 2
            }
            #expect(arrived.count == 2, "one render per message, none twice: \(arrived)")
            #expect(try conversation("engines", in: arrived[1])["lastMessage"] as? String != "The club meets on Thursday.")

            // Opening the conversation reads it; its messages are Grace's and Ada's.
            let opened = try reader.call(Wire.event(3, "chat.inbox#1", "conversationTapped", #"{"conversationId":"engines"}"#))
            #expect(try conversation("engines", in: opened[0])["unreadCount"] as? Int == 0)
            let shown = try messages(try #require(opened.first { scene(of: $0) == "chat.conversation#1" && $0.contains("view.render") }))
            #expect(shown.map { $0["messageHeader"] as? String } == ["Grace", "Ada"])
            #expect(shown.allSatisfy { $0["isMine"] as? Bool == false })
        }
    }

    @Test("A server that goes away mid-poll is said in the inbox, and the feed tries again after 1 s, then 2 s, of the session's clock")
    func theFeedBacksOffWhenTheServerGoesAway() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            _ = try engine.call(Wire.initialize(1, now: Self.now))
            _ = try engine.call(Wire.request(2, "app.start", #"{"app":"chat"}"#))
            // engine.idle answers once the feed waits on its long poll.
            #expect(try engine.call(Wire.request(3, "engine.idle")) == [Wire.result(3, "{}")])
            try server.stop()

            // The View holds the clock fixed, and the feed waits on the session's clock: each
            // wait (a quiet poll's second, then the retries') ends only when the clock is moved
            // past it, never after real time.
            var second = 0
            var id = 3
            func errorMessages(_ method: String, _ params: String? = nil) throws -> [String] {
                id += 1
                return try engine.call(Wire.request(id, method, params)).compactMap { try? viewModel($0)["errorMessage"] as? String }
            }
            func settle() throws -> [String] { try errorMessages("engine.idle") }
            func moveClock() throws -> [String] {
                second += 1
                return try errorMessages("clock.set", #"{"now":"2026-11-23T09:41:\#(second < 10 ? "0" : "")\#(second)Z"}"#)
            }
            // The poll the server held ends in its own time; the quiet second after it passes at
            // the next move of the clock, and the next poll fails. A poll waits outside the
            // engine, so its failure may come after engine.idle's answer: it is given time to
            // come before the clock moves again.
            var said = try settle()
            while !said.contains(where: { $0.hasSuffix("Trying again in 1 s.") }), second < 50 {
                said += try moveClock()
                Thread.sleep(forTimeInterval: 0.2)
                said += try settle()
            }
            let first = said.last
            #expect(first?.hasPrefix("New messages are not arriving: The chat server could not be reached") == true, "\(said)")
            #expect(first?.hasSuffix("Trying again in 1 s.") == true, "\(said)")
            Thread.sleep(forTimeInterval: 1.5)
            #expect(try settle().isEmpty, "no retry after a second of real time")
            // The retry's request waits outside the engine, as any HTTP does: its failure is
            // the next line, after the clock's answer.
            #expect(try moveClock().allSatisfy { $0 == first })
            let retried = try viewModel(try engine.readLine())["errorMessage"] as? String
            #expect(retried?.hasSuffix("Trying again in 2 s.") == true, "\(retried ?? "nil")")
            // The inbox still answers the View meanwhile.
            #expect(try engine.call(Wire.request(id + 1, "engine.state")).count == 1)
        }
    }

    @Test("Bad input: an unknown conversation, a 10,000-character message, a bus payload without its fields; nothing is sent")
    func badInputIsRefusedOrSaid() async throws {
        try await onOwnThread {
            let engine = try ServeProcess(serving: ["--db", ":memory:"])
            _ = try engine.call(Wire.initialize(1, now: Self.now))
            _ = try engine.call(Wire.request(2, "app.start", #"{"app":"chat"}"#))
            let unknown = try engine.call(Wire.event(3, "chat.inbox#1", "conversationTapped", #"{"conversationId":"nobody"}"#))
            try #require(unknown.count == 1)
            #expect(unknown[0].contains("-32602") && unknown[0].contains("params.data.conversationId"), "\(unknown)")
            #expect(unknown[0].contains("is not a conversation of the inbox: 'nobody'"))

            _ = try engine.call(Wire.event(4, "chat.inbox#1", "conversationTapped", #"{"conversationId":"ada"}"#))
            let long = String(repeating: "x", count: 10_000)
            let typed = try engine.call(Wire.event(5, "chat.conversation#1", "inputTextChanged", #"{"inputText":"\#(long)"}"#))
            let form = try viewModel(typed[0])
            #expect(form["sendButtonEnabled"] as? Bool == false)
            #expect(form["errorMessage"] as? String == "A message is at most 1000 characters; this one has 10000.")
            #expect(try engine.call(Wire.event(6, "chat.conversation#1", "sendButtonTapped")) == [Wire.result(6, "{}")])

            let missing = try engine.call(Wire.request(7, "notification.post", #"{"name":"chat.messageReceived","payload":{"conversationId":"ada"}}"#))
            #expect(missing.count == 1 && missing[0].contains("-32602") && missing[0].contains("params.payload.messageId"), "\(missing)")

            // Back to the inbox: the conversation holds no message, since none was sent.
            _ = try engine.call(Wire.event(8, "chat.conversation#1", "closeButtonTapped"))
            let reopened = try engine.call(Wire.event(9, "chat.inbox#1", "conversationTapped", #"{"conversationId":"ada"}"#))
            let render = try #require(reopened.first { scene(of: $0) == "chat.conversation#2" && $0.contains("view.render") })
            #expect(try messages(render).isEmpty)
        }
    }
}
