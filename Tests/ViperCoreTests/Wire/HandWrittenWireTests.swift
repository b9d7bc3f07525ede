import Testing

import ViperJSON

@testable import ViperCore

/// The wire messages read and written by hand for speed must read and write exactly what their
/// `Codable` definitions do.
@Suite struct HandWrittenWireTests {
    @Test(arguments: [
        ViewRenderNotification(scene: "todo.add#1", kind: "todo.add", viewModel: RawJSON(["title": "Milk", "dueDate": .null])),
        ViewRenderNotification(scene: "quote\"d#2", kind: "back\\slash", viewModel: RawJSON(["a": [1, 2], "z": ["\u{2028}"]])),
        ViewRenderNotification(scene: "", kind: "", viewModel: RawJSON(.null)),
    ])
    func viewRenderIsWrittenAsTheEncoderWritesIt(render: ViewRenderNotification<RawJSON>) throws {
        let byHand = String(decoding: OutgoingMessage.render(render), as: UTF8.self)
        let encoded = String(decoding: try OutgoingMessage.notification(render), as: UTF8.self)
        #expect(byHand == encoded)
    }

    @Test(arguments: [
        JSONValue.object(["scene": "todo.add#1", "event": "titleChanged", "data": ["title": "Milk"]]),
        ["scene": "todo.add#1", "event": "saveTapped"],
        ["scene": "todo.add#1", "event": "saveTapped", "data": .null],
        ["scene": "todo.add#1", "event": "saveTapped", "data": 5],
        ["scene": "todo.add#1", "event": "saveTapped", "extra": true],
        ["scene": 1, "event": "saveTapped"],
        ["scene": "todo.add#1"],
        ["event": .null, "scene": "todo.add#1"],
        [:],
        [1, 2],
        "scene",
        .null,
    ])
    func viewEventParamsAreReadAsTheDecoderReadsThem(params: JSONValue) {
        let line = IncomingRequest(id: .string("1"), method: ViewEventRequest.method, params: params)
        #expect(outcome { () throws(ProtocolError) in try ViewEventRequest.read(line) } == outcome { () throws(ProtocolError) in try ViewEventRequest.decoding(params: params) })
    }

    @Test func absentViewEventParamsAreReadAsTheDecoderReadsThem() {
        let line = IncomingRequest(id: .string("1"), method: ViewEventRequest.method, params: nil)
        #expect(outcome { () throws(ProtocolError) in try ViewEventRequest.read(line) } == outcome { () throws(ProtocolError) in try ViewEventRequest.decoding(params: nil) })
    }

    private func outcome(_ read: () throws(ProtocolError) -> ViewEventRequest) -> Result<ReadEvent, ProtocolError> {
        Result(catching: read).map { ReadEvent(scene: $0.scene, event: $0.event, data: $0.data) }
    }

    /// What a `view.event` says on the wire.
    private struct ReadEvent: Equatable {
        let scene: String
        let event: String
        let data: JSONValue?
    }
}
