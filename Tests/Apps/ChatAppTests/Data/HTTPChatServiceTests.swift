import AppTestSupport
import CustomDump
import Foundation
import ServiceKit
import Testing
import ViperCore
import ViperJSON

@testable import ChatApp

/// The chat Service at `http://chat.test`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    var service: HTTPChatService {
        HTTPChatService(endpoint: .fixed(URL(string: "http://chat.test")!), client: ServiceClient(http: http, faults: faults))
    }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

/// A request's JSON body.
private func body(_ request: HTTPRequest) throws -> JSONValue {
    try JSONParser.parse(Array(try #require(request.body)))
}

/// Message `id` as the sample server writes it (`ChatAPI.messageJSON`): by Ada in `ada`, saying
/// "Hello", at 09:41 UTC on 23 November 2026, unless told otherwise.
private func messageJSON(
    _ id: Int, conversation: String = "ada", author: String = "Ada", text: String = "Hello", sentAt: String = "2026-11-23T09:41:00Z"
) -> String {
    #"{"id":"\#(id)","conversationId":"\#(conversation)","author":"\#(author)","text":"\#(text)","sentAt":"\#(sentAt)"}"#
}

/// The message `messageJSON(id)` describes.
private func message(_ id: Int) -> ChatMessage {
    chatMessage(String(id), sentAt: "2026-11-23T09:41:00Z")
}

/// A page of `GET /v1/chat/messages` holding the messages numbered `ids`.
private func page(_ ids: some Sequence<Int>) -> String {
    #"{"messages":[\#(ids.map { messageJSON($0) }.joined(separator: ","))]}"#
}

@Suite("The HTTP chat Service: the sample server's chat API, and its answers as chat failures")
struct HTTPChatServiceTests {
    // MARK: GET /v1/chat/conversations

    @Test func theConversationsAreReadWithTheirNewestMessageOrNone() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"conversations":[
                  {"id":"ada","title":"Ada","participants":["Ada"],"lastMessage":\#(messageJSON(7))},
                  {"id":"engines","title":"Analytical Engine club","participants":["Ada","Charles"],"lastMessage":null}
                ]}
                """#)
        let conversations = try await fixture.service.conversations()
        expectNoDifference(
            conversations,
            [
                ConversationSummary(id: "ada", title: "Ada", lastMessage: message(7), unreadCount: 0),
                ConversationSummary(id: "engines", title: "Analytical Engine club", lastMessage: nil, unreadCount: 0),
            ])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://chat.test/v1/chat/conversations")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test func conversationsWithoutAnIdOrTitleAreSkippedAndANewestMessageThatCannotBeReadIsNone() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"conversations":[
                  {"title":"No id"},
                  {"id":"untitled"},
                  {"id":"ada","title":"Ada","lastMessage":{"id":"7","text":"no author"}},
                  {"id":"engines","title":"Analytical Engine club"}
                ]}
                """#)
        let conversations = try await fixture.service.conversations()
        expectNoDifference(
            conversations,
            [
                ConversationSummary(id: "ada", title: "Ada", lastMessage: nil),
                ConversationSummary(id: "engines", title: "Analytical Engine club", lastMessage: nil),
            ])
    }

    @Test func anAnswerWithoutAListOfConversationsCannotBeRead() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"items":[]}"#)
        await #expect(throws: ChatFailure.malformed("no list of conversations")) {
            try await fixture.service.conversations()
        }
    }

    // MARK: GET /v1/chat/messages?conversationId=

    @Test func theMessagesOfAConversationAreReadFromTheFirst() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: page([3, 5]))
        let messages = try await fixture.service.messages(in: "ada")
        expectNoDifference(messages, [message(3), message(5)])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://chat.test/v1/chat/messages?conversationId=ada&after=0")
        #expect(request.headers == ["Accept": "application/json"])
    }

    @Test func aFullPageOfAHundredMessagesIsFollowedByThePageAfterItsLastMessage() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: page(1...100))
        fixture.http.willRespond(200, json: page([101]))
        let messages = try await fixture.service.messages(in: "ada")
        #expect(messages.map(\.id) == (1...101).map { String($0) })
        #expect(
            fixture.http.requests.map(\.url.absoluteString) == [
                "http://chat.test/v1/chat/messages?conversationId=ada&after=0",
                "http://chat.test/v1/chat/messages?conversationId=ada&after=100",
            ])
    }

    @Test func aFullPageFollowedByAnEmptyOneEndsTheMessages() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: page(1...100))
        fixture.http.willRespond(200, json: page([Int]()))
        let messages = try await fixture.service.messages(in: "ada")
        #expect(messages.count == 100)
        #expect(fixture.http.requests.count == 2)
    }

    @Test func aPageOfFewerThanAHundredMessagesIsTheLast() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: page(1...99))
        let messages = try await fixture.service.messages(in: "ada")
        #expect(messages.count == 99)
        #expect(fixture.http.requests.count == 1)
    }

    @Test func messagesThatCannotBeReadAreSkipped() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"messages":[
                  {"id":2,"conversationId":"ada","author":"Ada","text":"id as a number","sentAt":"2026-11-23T09:41:00Z"},
                  {"id":"3","conversationId":"ada","text":"no author","sentAt":"2026-11-23T09:41:00Z"},
                  {"id":"4","conversationId":"ada","author":"Ada","text":"no instant","sentAt":"yesterday"},
                  {"id":"5","conversationId":"ada","author":"Ada","text":"no offset","sentAt":"2026-11-23T09:41:00"},
                  {"id":"6","author":"Ada","text":"no conversation","sentAt":"2026-11-23T09:41:00Z"},
                  "not an object",
                  \#(messageJSON(7))
                ]}
                """#)
        let messages = try await fixture.service.messages(in: "ada")
        expectNoDifference(messages, [message(7)])
    }

    @Test func anAnswerWithoutAListOfMessagesCannotBeRead() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"messages":{}}"#)
        await #expect(throws: ChatFailure.malformed("no list of messages")) {
            try await fixture.service.messages(in: "ada")
        }
    }

    // MARK: POST /v1/chat/messages

    @Test func sendingPostsTheConversationAuthorAndTextAsJSONAndReturnsTheMessageStored() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: messageJSON(13, author: "Grace", text: "Hello Ada"))
        let sent = try await fixture.service.send("Hello Ada", to: "ada", as: "Grace")
        expectNoDifference(sent, chatMessage("13", author: "Grace", text: "Hello Ada", sentAt: "2026-11-23T09:41:00Z"))
        let request = try fixture.request()
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://chat.test/v1/chat/messages")
        #expect(request.headers == ["Accept": "application/json", "Content-Type": "application/json"])
        #expect(try body(request) == ["conversationId": "ada", "author": "Grace", "text": "Hello Ada"])
    }

    @Test func aSendAnsweredWithoutTheMessageCannotBeRead() async {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: #"{"ok":true}"#)
        await #expect(throws: ChatFailure.malformed("the message sent did not come back")) {
            try await fixture.service.send("Hello Ada", to: "ada", as: "Grace")
        }
    }

    // MARK: GET /v1/chat/messages?after=&wait= (the live feed's long poll)

    @Test func theLongPollAsksEveryConversationAfterTheNumberWaitingTheSecondsGiven() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: page([8, 9]))
        let messages = try await fixture.service.messages(after: 7, waitingUpTo: 25)
        expectNoDifference(messages, [message(8), message(9)])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://chat.test/v1/chat/messages?after=7&wait=25")
        let names = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name)
        #expect(names == ["after", "wait"])
    }

    @Test func aLongPollWhoseWaitEndedHasNoMessages() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"messages":[]}"#)
        #expect(try await fixture.service.messages(after: 7, waitingUpTo: 25) == [])
    }

    // MARK: Failures

    @Test func aConversationTheServerDoesNotKnowIsARefusalSayingWhatTheServerSaid() async {
        let fixture = Fixture()
        fixture.http.willRespond(
            404, json: #"{"error":"notFound","message":"There is no conversation x; GET /v1/chat/conversations lists them."}"#)
        await #expect(throws: ChatFailure.refused("There is no conversation x; GET /v1/chat/conversations lists them.")) {
            try await fixture.service.messages(in: "x")
        }
    }

    @Test func aMessageTheServerRefusesIsARefusalSayingWhatTheServerSaid() async {
        let fixture = Fixture()
        fixture.http.willRespond(
            422, json: #"{"error":"invalid","field":"text","message":"A message is at most 1000 characters, not 1001."}"#)
        await #expect(throws: ChatFailure.refused("A message is at most 1000 characters, not 1001.")) {
            try await fixture.service.send(String(repeating: "x", count: 1001), to: "ada", as: "Grace")
        }
    }

    @Test func anHTMLErrorPageIsTheErrorStatus() async {
        let fixture = Fixture()
        fixture.http.willRespond(502, html: "<html><body><h1>502 Bad Gateway</h1></body></html>")
        await #expect(throws: ChatFailure.status(502)) {
            try await fixture.service.conversations()
        }
    }

    @Test func aJSONErrorWithoutAMessageIsTheErrorStatus() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, json: #"{"error":"internal"}"#)
        await #expect(throws: ChatFailure.status(500)) {
            try await fixture.service.messages(after: 7, waitingUpTo: 25)
        }
    }

    @Test func noAnswerIsUnreachableWithTheTransportsReason() async {
        let fixture = Fixture()
        fixture.http.willFail("connection refused")
        await #expect(throws: ChatFailure.unreachable("connection refused")) {
            try await fixture.service.send("Hello", to: "ada", as: "Grace")
        }
    }

    @Test func aCancelledRequestIsCancelled() async {
        let fixture = Fixture()
        fixture.http.willCancel()
        await #expect(throws: ChatFailure.cancelled) {
            try await fixture.service.messages(after: 7, waitingUpTo: 25)
        }
    }

    @Test func aSuccessThatIsNotJSONCannotBeRead() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, html: "<html>maintenance</html>")
        let error = await #expect(throws: ChatFailure.self) {
            try await fixture.service.conversations()
        }
        guard case .malformed(let reason)? = error else {
            Issue.record("not malformed: \(String(describing: error))")
            return
        }
        #expect(reason.contains("not JSON"))
    }

    @Test func eachRequestIsAFaultOperationOfItsOwn() async {
        let fixture = Fixture()
        fixture.faults.arm(HTTPChatService.conversationsOperation, message: "injected: conversations")
        fixture.faults.arm(HTTPChatService.messagesOperation, message: "injected: messages")
        fixture.faults.arm(HTTPChatService.sendOperation, message: "injected: send")
        fixture.faults.arm(HTTPChatService.feedOperation, message: "injected: feed")
        await #expect(throws: ChatFailure.unreachable("injected: feed")) {
            try await fixture.service.messages(after: 7, waitingUpTo: 25)
        }
        await #expect(throws: ChatFailure.unreachable("injected: send")) {
            try await fixture.service.send("Hello", to: "ada", as: "Grace")
        }
        await #expect(throws: ChatFailure.unreachable("injected: messages")) {
            try await fixture.service.messages(in: "ada")
        }
        await #expect(throws: ChatFailure.unreachable("injected: conversations")) {
            try await fixture.service.conversations()
        }
        #expect(fixture.http.requests == [])
        #expect(
            ChatApp.faultOperations.sorted() == ["chat.conversations", "chat.feed", "chat.messages", "chat.send"])
    }
}
