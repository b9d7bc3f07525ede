import Testing

/// A line the engine must answer with exactly one error, and the error it must be.
///
/// The catalogs are split by when a line is bad: `anytime` lines are not valid requests at all;
/// `beforeInitialize` lines are valid requests sent too early; `inSession` lines need a session
/// where `todo.list#1` and `todo.add#1` are live. No line uses the ids 1–4 or 900–999, which the
/// tests use for their good requests.
struct BadLine: Sendable, CustomTestStringConvertible {
    let name: String
    /// The line, without its newline.
    let bytes: [UInt8]
    let expected: ErrorLine

    init(_ name: String, _ text: String, _ expected: ErrorLine) {
        self.init(name, bytes: Array(text.utf8), expected)
    }

    init(_ name: String, bytes: [UInt8], _ expected: ErrorLine) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }

    var testDescription: String { name }

    private static func parseError(_ name: String, _ text: String) -> BadLine {
        BadLine(name, text, ErrorLine(id: "null", code: -32700, kind: "parseError"))
    }

    private static func invalidUTF8(_ name: String, _ bytes: [UInt8]) -> BadLine {
        BadLine(name, bytes: Array(#"{"jsonrpc":"2.0","id":103,"method":"engine.state","params":{"x":""#.utf8) + bytes + Array(#""}}"#.utf8),
            ErrorLine(id: "null", code: -32700, kind: "invalidUTF8"))
    }

    private static func invalidRequest(_ name: String, _ text: String, id: String) -> BadLine {
        BadLine(name, text, ErrorLine(id: id, code: -32600, kind: "invalidRequest"))
    }

    private static func invalidParams(_ name: String, _ text: String, id: Int, path: String) -> BadLine {
        BadLine(name, text, ErrorLine(id: "\(id)", code: -32602, kind: "invalidParams", path: path))
    }

    /// Lines that are not JSON-RPC requests, bad whatever the session's state.
    static let anytime: [BadLine] = [
        parseError("truncated JSON", #"{"jsonrpc":"2.0","id":101,"method":"#),
        parseError("single-quoted JSON", #"{'jsonrpc':'2.0','id':101,'method':'engine.state'}"#),
        parseError("an object followed by garbage", #"{"jsonrpc":"2.0","id":102,"method":"engine.state"} x"#),
        parseError("a bare word", "hello"),
        parseError("arrays nested 200,000 deep", String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)),
        BadLine("an empty line", "", ErrorLine(id: "null", code: -32700, kind: "emptyLine")),
        invalidUTF8("a lone 0xFF byte", [0xFF]),
        invalidUTF8("a truncated two-byte sequence", [0xC3]),
        invalidUTF8("an overlong encoding of /", [0xC0, 0xAF]),
        invalidUTF8("an encoded surrogate", [0xED, 0xA0, 0x80]),
        BadLine("a batch", #"[{"jsonrpc":"2.0","id":104,"method":"engine.state"}]"#,
            ErrorLine(id: "null", code: -32600, kind: "batchNotSupported")),
        BadLine("an empty batch", "[]", ErrorLine(id: "null", code: -32600, kind: "batchNotSupported")),
        invalidRequest("a number", "42", id: "null"),
        invalidRequest("a string", #""engine.state""#, id: "null"),
        invalidRequest("null", "null", id: "null"),
        invalidRequest("true", "true", id: "null"),
        invalidRequest("no jsonrpc member", #"{"id":105,"method":"engine.state"}"#, id: "105"),
        invalidRequest("jsonrpc 1.0", #"{"jsonrpc":"1.0","id":"abc","method":"engine.state"}"#, id: #""abc""#),
        invalidRequest("jsonrpc as a number", #"{"jsonrpc":2.0,"id":106,"method":"engine.state"}"#, id: "106"),
        invalidRequest("no method", #"{"jsonrpc":"2.0","id":107}"#, id: "107"),
        invalidRequest("a number as method", #"{"jsonrpc":"2.0","id":108,"method":42}"#, id: "108"),
        invalidRequest("an object as id", #"{"jsonrpc":"2.0","id":{"n":109},"method":"engine.state"}"#, id: "null"),
        invalidRequest("an array as id", #"{"jsonrpc":"2.0","id":[109],"method":"engine.state"}"#, id: "null"),
        invalidRequest("a boolean as id", #"{"jsonrpc":"2.0","id":true,"method":"engine.state"}"#, id: "null"),
    ]

    /// A valid request one byte longer than the 1 MiB limit; its id must not be read.
    static let tooLong: BadLine = {
        let head = #"{"jsonrpc":"2.0","id":110,"method":"engine.state","params":{"pad":""#
        let tail = #""}}"#
        let padding = (1 << 20) + 1 - head.utf8.count - tail.utf8.count
        return BadLine("a line of 1 MiB and one byte", head + String(repeating: "a", count: padding) + tail,
            ErrorLine(id: "null", code: -32600, kind: "lineTooLong"))
    }()

    /// Valid requests other than `initialize`, sent before it.
    static let beforeInitialize: [BadLine] = [
        BadLine("engine.state before initialize", #"{"jsonrpc":"2.0","id":120,"method":"engine.state"}"#,
            ErrorLine(id: "120", code: -32002, kind: "notInitialized")),
        BadLine("app.start before initialize", #"{"jsonrpc":"2.0","id":121,"method":"app.start","params":{"app":"todo"}}"#,
            ErrorLine(id: "121", code: -32002, kind: "notInitialized")),
        BadLine("view.event before initialize",
            #"{"jsonrpc":"2.0","id":"early","method":"view.event","params":{"event":"addTapped","scene":"todo.list#1"}}"#,
            ErrorLine(id: #""early""#, code: -32002, kind: "notInitialized")),
        BadLine("an unknown method before initialize", #"{"jsonrpc":"2.0","id":122,"method":"todo.frobnicate"}"#,
            ErrorLine(id: "122", code: -32002, kind: "notInitialized")),
    ]

    /// `initialize` requests with settings of the wrong type or value; the session stays
    /// uninitialized, so a good `initialize` still works after them.
    static let badInitialize: [BadLine] = [
        invalidParams("an unknown time zone", Wire.request(123, "initialize", #"{"timeZone":"Mars/Olympus"}"#), id: 123, path: "params.timeZone"),
        invalidParams("a number as time zone", Wire.request(124, "initialize", #"{"timeZone":1}"#), id: 124, path: "params.timeZone"),
        invalidParams("first weekday 8", Wire.request(125, "initialize", #"{"firstWeekday":8}"#), id: 125, path: "params.firstWeekday"),
        invalidParams("first weekday 0", Wire.request(126, "initialize", #"{"firstWeekday":0}"#), id: 126, path: "params.firstWeekday"),
        invalidParams("a string as first weekday", Wire.request(127, "initialize", #"{"firstWeekday":"1"}"#), id: 127, path: "params.firstWeekday"),
        invalidParams("a word as now", Wire.request(128, "initialize", #"{"now":"yesterday"}"#), id: 128, path: "params.now"),
        invalidParams("a number as locale", Wire.request(129, "initialize", #"{"locale":5}"#), id: 129, path: "params.locale"),
    ]

    /// `clock.set` with instants that do not exist; the contract's instants are ISO 8601, where
    /// 30 February and minute 61 are not dates but errors.
    static let impossibleInstants: [BadLine] = [
        invalidParams("30 February", Wire.request(160, "clock.set", #"{"now":"2026-02-30T09:00:00Z"}"#), id: 160, path: "params.now"),
        invalidParams("month 13", Wire.request(161, "clock.set", #"{"now":"2026-13-01T09:00:00Z"}"#), id: 161, path: "params.now"),
        invalidParams("hour 25", Wire.request(162, "clock.set", #"{"now":"2026-11-24T25:00:00Z"}"#), id: 162, path: "params.now"),
        invalidParams("minute 61", Wire.request(163, "clock.set", #"{"now":"2026-11-24T23:61:00Z"}"#), id: 163, path: "params.now"),
        invalidParams("an offset of 25 hours", Wire.request(164, "clock.set", #"{"now":"2026-11-24T09:00:00+25:00"}"#), id: 164, path: "params.now"),
    ]

    /// Well-formed requests the session cannot serve: unknown methods, scenes and events, and
    /// params of the wrong shape.
    static let inSession: [BadLine] = [
        BadLine("an unknown method", #"{"jsonrpc":"2.0","id":130,"method":"todo.frobnicate"}"#,
            ErrorLine(id: "130", code: -32601, kind: "methodNotFound")),
        BadLine("an unknown method with params", #"{"jsonrpc":"2.0","id":"x","method":"view.click","params":{"scene":"todo.list#1"}}"#,
            ErrorLine(id: #""x""#, code: -32601, kind: "methodNotFound")),
        BadLine("an event for a scene never opened", Wire.event(131, "todo.list#9", "addTapped"),
            ErrorLine(id: "131", code: -32602, kind: "unknownScene")),
        BadLine("an event for a scene that is not an id", Wire.event(132, "todo.list", "addTapped"),
            ErrorLine(id: "132", code: -32602, kind: "unknownScene")),
        BadLine("an unknown event", Wire.event(133, "todo.list#1", "deleteTapped"),
            ErrorLine(id: "133", code: -32602, kind: "unknownEvent")),
        BadLine("another scene's event", Wire.event(134, "todo.list#1", "saveTapped"),
            ErrorLine(id: "134", code: -32602, kind: "unknownEvent")),
        BadLine("an unknown app", Wire.request(135, "app.start", #"{"app":"nope"}"#),
            ErrorLine(id: "135", code: -32602, kind: "unknownApp")),
        invalidParams("a number as title", Wire.event(140, "todo.add#1", "titleChanged", #"{"title":42}"#), id: 140, path: "params.data.title"),
        invalidParams("null as title", Wire.event(141, "todo.add#1", "titleChanged", #"{"title":null}"#), id: 141, path: "params.data.title"),
        invalidParams("no title", Wire.event(142, "todo.add#1", "titleChanged", "{}"), id: 142, path: "params.data.title"),
        invalidParams("titleChanged without data", Wire.event(143, "todo.add#1", "titleChanged"), id: 143, path: "params.data.title"),
        invalidParams("a word as due date", Wire.event(144, "todo.add#1", "dueDateChanged", #"{"dueDate":"tomorrow"}"#), id: 144, path: "params.data.dueDate"),
        invalidParams("a day that does not exist", Wire.event(145, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-02-30"}"#), id: 145, path: "params.data.dueDate"),
        invalidParams("an instant as due date", Wire.event(146, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25T09:00:00Z"}"#), id: 146, path: "params.data.dueDate"),
        invalidParams("a number as due date", Wire.event(147, "todo.add#1", "dueDateChanged", #"{"dueDate":20261125}"#), id: 147, path: "params.data.dueDate"),
        invalidParams("no due date", Wire.event(148, "todo.add#1", "dueDateChanged", "{}"), id: 148, path: "params.data.dueDate"),
        invalidParams("a string as event data", Wire.event(149, "todo.list#1", "addTapped", #""now""#), id: 149, path: "params.data"),
        invalidParams("view.event without scene", Wire.request(150, "view.event", #"{"event":"addTapped"}"#), id: 150, path: "params.scene"),
        invalidParams("a number as scene", Wire.request(151, "view.event", #"{"event":"addTapped","scene":1}"#), id: 151, path: "params.scene"),
        invalidParams("view.event without event", Wire.request(152, "view.event", #"{"scene":"todo.list#1"}"#), id: 152, path: "params.event"),
        invalidParams("a number as app", Wire.request(153, "app.start", #"{"app":5}"#), id: 153, path: "params.app"),
        invalidParams("app.start without app", Wire.request(154, "app.start", "{}"), id: 154, path: "params.app"),
        invalidParams("a day as now", Wire.request(155, "clock.set", #"{"now":"2026-11-24"}"#), id: 155, path: "params.now"),
        invalidParams("an instant without offset", Wire.request(156, "clock.set", #"{"now":"2026-11-24T09:00:00"}"#), id: 156, path: "params.now"),
        invalidParams("clock.set without now", Wire.request(157, "clock.set", "{}"), id: 157, path: "params.now"),
        invalidParams("an array as title", Wire.request(158, "view.event", #"{"data":{"title":["a"]},"event":"titleChanged","scene":"todo.add#1"}"#), id: 158, path: "params.data.title"),
    ]
}
