import ViperJSON

extension IncomingRequest {
    /// Reads a `view.event` request written the plain way every View writes one, straight from
    /// the line's bytes, its event handed to `readingEvent` before the request is made; nil for
    /// any other line, which `read(_:readingEvent:)` then parses whole.
    ///
    /// Plain means: an object with `jsonrpc` "2.0", `method` "view.event", `params` and an
    /// optional `id`, each once and nothing else; params with string `scene` and `event` and an
    /// optional `data` that is not null, each once and nothing else; no escape in any of those
    /// strings or in a key. For such a line the request is exactly the one the whole parse
    /// gives, its params included (`IncomingRequest.params`, made from the event); a test holds
    /// the two readings to each other. Building the envelope and params as dictionaries, only
    /// to read five strings out of them, was 9,000 of the 64,800 instructions of a keystroke
    /// (BENCHMARKS.md).
    static func readPlainViewEvent(
        _ line: UnsafeBufferPointer<UInt8>, readingEvent: (inout ViewEventRequest) -> Void
    ) -> IncomingRequest? {
        var cursor = JSONCursor(line)
        guard cursor.enterObject() else { return nil }
        var sawVersion = false, sawMethod = false
        var id: RequestID?
        var event: ViewEventRequest?
        while true {
            switch cursor.nextMember() {
            case .refused:
                return nil
            case .end:
                guard sawVersion, sawMethod, var event, cursor.isAtEnd() else { return nil }
                readingEvent(&event)
                return IncomingRequest(id: id, method: ViewEventRequest.method, params: nil, viewEvent: event)
            case .key(let key) where JSONCursor.text(key, is: "jsonrpc"):
                guard !sawVersion, let version = cursor.plainString(), JSONCursor.text(version, is: "2.0") else { return nil }
                sawVersion = true
            case .key(let key) where JSONCursor.text(key, is: "method"):
                guard !sawMethod, let method = cursor.plainString(), JSONCursor.text(method, is: "view.event") else { return nil }
                sawMethod = true
            case .key(let key) where JSONCursor.text(key, is: "id"):
                // Read once, an id is never nil again (`null` is `.null`).
                guard id == nil else { return nil }
                // Most Views number their requests: read without the parser.
                if let digits = cursor.plainInteger() {
                    id = .number(String(decoding: digits, as: UTF8.self))
                    continue
                }
                guard let (value, text) = cursor.value() else { return nil }
                let numberText = if case .number = value { String(decoding: text, as: UTF8.self) } else { String?.none }
                guard let readable = RequestID(value, numberText: numberText) else { return nil }
                id = readable
            case .key(let key) where JSONCursor.text(key, is: "params"):
                guard event == nil, let params = readPlainParams(&cursor) else { return nil }
                event = params
            case .key:
                return nil
            }
        }
    }

    /// `view.event`'s params, when they are plain (see `readPlainViewEvent(_:readingEvent:)`).
    private static func readPlainParams(_ cursor: inout JSONCursor) -> ViewEventRequest? {
        guard cursor.enterObject() else { return nil }
        var scene, event: String?
        var data: JSONValue?
        while true {
            switch cursor.nextMember() {
            case .refused:
                return nil
            case .end:
                guard let scene, let event else { return nil }
                return ViewEventRequest(scene: scene, event: event, data: data)
            case .key(let key) where JSONCursor.text(key, is: "scene"):
                guard scene == nil, let text = cursor.plainString() else { return nil }
                scene = String(decoding: text, as: UTF8.self)
            case .key(let key) where JSONCursor.text(key, is: "event"):
                guard event == nil, let text = cursor.plainString() else { return nil }
                event = String(decoding: text, as: UTF8.self)
            case .key(let key) where JSONCursor.text(key, is: "data"):
                // A `null` is no data, as the whole reading says; params rebuilt without it
                // would not be the ones written.
                guard data == nil, let (value, _) = cursor.value(), value != .null else { return nil }
                data = value
            case .key:
                return nil
            }
        }
    }
}
