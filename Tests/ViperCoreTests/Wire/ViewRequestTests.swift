import Foundation
import Testing
import ViperJSON

@testable import ViperCore

/// A View's requests are built from the engine's own request types: what they send is what
/// the engine reads back into the same request.
@Suite struct ViewRequestTests {
    @Test func paramsAreTheMembersWithAValue() {
        #expect(ViewEventRequest(scene: "todo.list#1", event: "addTapped").params == ["scene": "todo.list#1", "event": "addTapped"])
        #expect(ViewEventRequest(scene: "a#1", event: "e", data: ["title": "Milk"]).params == ["scene": "a#1", "event": "e", "data": ["title": "Milk"]])
        #expect(NotificationPostRequest(name: "chat.messageReceived", payload: [:]).params == ["name": "chat.messageReceived", "payload": [:]])
        #expect(InitializeRequest(timeZone: "Europe/Paris", capabilities: .init(effects: ["http"])).params
            == ["timeZone": "Europe/Paris", "capabilities": ["effects": ["http"]]])
        // A request without members is sent without params.
        #expect(EngineIdleRequest().params == nil)
        #expect(EngineDescribeRequest().params == nil)
    }

    @Test func aLineIsARequestWithItsIdOrANotificationWithout() {
        #expect(AppStartRequest(app: "todo").line(id: 1) == #"{"id":1,"jsonrpc":"2.0","method":"app.start","params":{"app":"todo"}}"#)
        #expect(EngineStateRequest().line(id: "s") == #"{"id":"s","jsonrpc":"2.0","method":"engine.state"}"#)
        #expect(CancelRequestNotification(id: 7).line(id: nil) == #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        #expect(EffectHTTPRequest.replyLine(to: "viper:1", with: ["status": 200], isError: false) == #"{"id":"viper:1","jsonrpc":"2.0","result":{"status":200}}"#)
        #expect(EffectHTTPRequest.replyLine(to: "viper:2", with: ["message": "offline"], isError: true) == #"{"error":{"message":"offline"},"id":"viper:2","jsonrpc":"2.0"}"#)
    }

    @Test func whatAViewSendsTheEngineReadsBackAsTheSameRequest() throws {
        let sent = ViewEventRequest(scene: "todo.add#2", event: "titleChanged", data: ["title": "Milk"])
        let read = try ViewEventRequest.decoding(params: sent.params)
        #expect((read.scene, read.event, read.data) == (sent.scene, sent.event, sent.data))
        let clock = try ClockSetRequest.decoding(params: ClockSetRequest(now: Instant(Date(timeIntervalSince1970: 86_400))).params)
        #expect(clock.now.date == Date(timeIntervalSince1970: 86_400))
    }

    @Test func anInstantAViewSendsIsWrittenAsItWasGiven() {
        let date = Date(timeIntervalSince1970: 1_763_544_600)  // 2025-11-19T09:30:00Z
        #expect(Instant(date).wireText == "2025-11-19T09:30:00Z")
        #expect(Instant(date, writtenAtOffset: 3600).wireText == "2025-11-19T10:30:00+01:00")
        #expect(Instant(date, writtenAtOffset: -9000).wireText == "2025-11-19T07:00:00-02:30")
        #expect(Instant(date, writtenAtOffset: 0).wireText == "2025-11-19T09:30:00Z")
        #expect(Instant(wireText: "2025-11-19T09:30:00.5Z")?.wireText == "2025-11-19T09:30:00.5Z")
        #expect(Instant(wireText: "2025-11-19T09:30:00") == nil)
        // The same instant however it is written.
        #expect(Instant(date, writtenAtOffset: 3600) == Instant(date))
    }
}
