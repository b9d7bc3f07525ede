import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore
import ViperJSON

@testable import ChatApp

/// Ada's message 7 in `ada`, sent at 09:41:00.250 UTC on 23 November 2026.
private let sample = ChatMessage(
    id: "7", conversationID: "ada", author: "Ada", text: "Hello", sentAt: instant("2026-11-23T09:41:00Z").addingTimeInterval(0.25))

@Suite("chat.messageReceived: the bus event a message arrives as")
struct ChatMessageReceivedTests {
    @Test func theEventIsNamedChatMessageReceivedAndTheAppDeclaresIt() {
        #expect(ChatMessageReceived.name == "chat.messageReceived")
        #expect(ChatApp.busEvents.contains { $0.name == "chat.messageReceived" })
    }

    @Test func theEventOfAMessageCarriesItsFields() {
        let event = ChatMessageReceived(sample)
        #expect(event.conversationId == "ada")
        #expect(event.messageId == "7")
        #expect(event.author == "Ada")
        #expect(event.text == "Hello")
        #expect(event.sentAt == Instant(sample.sentAt))
    }

    @Test func theMessageOfTheEventOfAMessageIsThatMessage() {
        expectNoDifference(ChatMessageReceived(sample).message, sample)
    }

    @Test func theEventOfTheMessageOfAnEventIsThatEvent() {
        let event = ChatMessageReceived(
            conversationId: "engines", messageId: "12", author: "Charles", text: "Tea?", sentAt: Instant(instant("2026-11-22T18:02:00Z")))
        #expect(ChatMessageReceived(event.message) == event)
    }

    @Test func thePayloadIsTheContractsFieldsWithTheInstantInUTC() throws {
        let event = ChatMessageReceived(sample)
        let payload = try JSONValueEncoder.encode(event)
        #expect(
            payload == [
                "conversationId": "ada", "messageId": "7", "author": "Ada", "text": "Hello", "sentAt": "2026-11-23T09:41:00Z",
            ])
    }

    @Test func aPayloadPostedByHandDecodesToTheEvent() throws {
        let payload: JSONValue = [
            "conversationId": "ada", "messageId": "7", "author": "Ada", "text": "Hello", "sentAt": "2026-11-23T10:41:00+01:00",
        ]
        let event = try JSONValueDecoder.decode(ChatMessageReceived.self, from: payload)
        #expect(
            event
                == ChatMessageReceived(
                    conversationId: "ada", messageId: "7", author: "Ada", text: "Hello", sentAt: Instant(instant("2026-11-23T09:41:00Z"))))
    }
}
