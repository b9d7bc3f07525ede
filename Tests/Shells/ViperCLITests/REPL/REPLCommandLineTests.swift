import Foundation
import Testing
import ViperJSON
import ViperCore

@testable import ViperCommandLine

struct REPLCommandLineTests {
    @Test(arguments: [
        ("start todo", REPLCommandLine.wire(.start(app: "todo"))),
        ("  addTapped  ", .wire(.event(scene: nil, name: "addTapped", arguments: []))),
        (#"titleChanged title="Buy milk" x=1"#, .wire(.event(scene: nil, name: "titleChanged", arguments: ["title=Buy milk", "x=1"]))),
        ("titleChanged Buy milk", .wire(.event(scene: nil, name: "titleChanged", arguments: ["Buy", "milk"]))),
        ("todo.list#1 addTapped", .wire(.event(scene: "todo.list#1", name: "addTapped", arguments: []))),
        ("back", .wire(.back(scene: nil))),
        ("back todo.add#1", .wire(.back(scene: "todo.add#1"))),
        ("clock", .local(.showClock)),
        ("clock +1d", .wire(.setClock("+1d"))),
        ("stack", .wire(.stack)),
        ("show", .local(.show(scene: nil))),
        ("show alert#1", .local(.show(scene: "alert#1"))),
        ("raw", .raw(nil)),
        (#"raw {"jsonrpc": "2.0", "id":1}"#, .raw(#"{"jsonrpc": "2.0", "id":1}"#)),
        (#"raw {"a":"b"#, .raw(#"{"a":"b"#)),
        ("raw it's", .raw("it's")),
        ("record out.transcript", .local(.record(path: "out.transcript"))),
        ("record stop", .local(.stopRecording)),
        ("help", .local(.help(nil))),
        ("help clock", .local(.help("clock"))),
        ("quit", .quit),
        ("exit", .quit),
        ("clear", .local(.clear)),
        ("post chat.messageReceived text=Hi", .wire(.post(name: "chat.messageReceived", arguments: ["text=Hi"]))),
        ("cancel", .local(.cancel(id: nil))),
        ("cancel 7", .local(.cancel(id: 7))),
        ("start news &", .background(.start(app: "news"))),
        ("titleChanged Buy milk &", .background(.event(scene: nil, name: "titleChanged", arguments: ["Buy", "milk"]))),
        (#"titleChanged "Tom &""#, .wire(.event(scene: nil, name: "titleChanged", arguments: ["Tom &"]))),
        ("titleChanged Tom&", .wire(.event(scene: nil, name: "titleChanged", arguments: ["Tom&"]))),
        ("back &", .background(.back(scene: nil))),
    ])
    func readsEachCommand(line: String, command: REPLCommandLine) throws {
        #expect(try REPLCommandLine.parse(line) == command)
    }

    @Test(arguments: [
        ("&", "& goes after a command that sends a request: start APP &, EVENT … &, back &, post NAME … &"),
        ("stack &", "& runs a request in the background; only start, events, back and post send one"),
        ("cancel soon", "'soon' is not a request number; cancel takes the number `&` printed: cancel 7"),
        ("cancel 1 2", "cancel takes at most one request number: cancel, or cancel 7"),
        ("post", "post takes a bus event's name, then its payload: post NAME [FIELD=VALUE …] (see: help post)"),
    ])
    func backgroundCancelAndPostMistakesSayWhatToType(line: String, message: String) {
        #expect(throws: REPLCommandLine.Mistake(description: message)) { try REPLCommandLine.parse(line) }
    }

    @Test(arguments: ["", "   ", "# a comment"])
    func blankLinesAndCommentsAreNoCommand(line: String) throws {
        #expect(try REPLCommandLine.parse(line) == nil)
    }

    @Test(arguments: [
        ("start", "start takes one app name: start APP (see: help start)"),
        ("start a b", "start takes one app name: start APP (see: help start)"),
        ("stack now", "stack takes nothing after it"),
        ("back a b", "back takes at most one scene, the top one: back or back todo.add#1"),
        ("todo.list#1", "name an event to send to todo.list#1: todo.list#1 EVENT [FIELD=VALUE …]"),
        (#"titleChanged "Buy"#, "a \" quote is not closed; close it, or escape it with \\"),
        ("record", "record takes a file, or stop: record examples/new.transcript"),
    ])
    func mistakesSayWhatToTypeInstead(line: String, message: String) {
        #expect(throws: REPLCommandLine.Mistake(description: message)) { try REPLCommandLine.parse(line) }
    }

    @Test func wordsSplitLikeAShell() throws {
        #expect(try Tokenizer.words(#"a "b c" d\ e 'f "g"' h="i j" "" k"#) == ["a", "b c", "d e", #"f "g""#, "h=i j", "", "k"])
        #expect(try Tokenizer.words(#"say "a \"quoted\" word""#) == ["say", #"a "quoted" word"#])
    }
}

struct EventDataTests {
    private let data = EventData(today: CalendarDay("2026-11-19")!)
    private let titleChanged = SceneCatalog.Event(name: "titleChanged", fields: [.init(name: "title", type: "string", isNullable: false)])
    private let dueDateChanged = SceneCatalog.Event(name: "dueDateChanged", fields: [.init(name: "dueDate", type: "day", isNullable: true)])
    private let twoFields = SceneCatalog.Event(name: "moved", fields: [
        .init(name: "count", type: "integer", isNullable: false), .init(name: "done", type: "bool", isNullable: false),
    ])

    @Test func anEventWithOneFieldTakesItsValueAlone() throws {
        #expect(try data.build(["Buy", "milk"], for: titleChanged) == ["title": "Buy milk"])
        #expect(try data.build(["title=42"], for: titleChanged) == ["title": "42"])
    }

    @Test func daysAcceptTodayTomorrowAndOffsetsAndNullClears() throws {
        #expect(try data.build(["today"], for: dueDateChanged) == ["dueDate": "2026-11-19"])
        #expect(try data.build(["dueDate=tomorrow"], for: dueDateChanged) == ["dueDate": "2026-11-20"])
        #expect(try data.build(["+12"], for: dueDateChanged) == ["dueDate": "2026-12-01"])
        #expect(try data.build(["dueDate=null"], for: dueDateChanged) == ["dueDate": .null])
        #expect(try data.build(["2026-11-24"], for: dueDateChanged) == ["dueDate": "2026-11-24"])
    }

    @Test func somethingThatIsNoDayIsAMistakeThatSaysHowToTypeOne() {
        for text in ["20 Nov", "2026-02-30", "tomorow"] {
            #expect(throws: REPLCommandLine.Mistake(description: "'\(text)' is not a day for dueDate; type \(EventData.dayForms), or null to clear it")) {
                try data.build(text.split(separator: " ").map(String.init), for: dueDateChanged)
            }
        }
        #expect(EventData.dayForms.contains("today, tomorrow"))
    }

    @Test func wordsAfterAValueContinueIt() throws {
        #expect(try data.build(["title=Water", "the", "plants"], for: titleChanged) == ["title": "Water the plants"])
        #expect(try data.build(["count=3", "done=true", "later"], for: twoFields) == ["count": 3, "done": "true later"])
    }

    @Test func aLoneValueMayHoldAnEqualsSign() throws {
        #expect(try data.build(["E=mc2"], for: titleChanged) == ["title": "E=mc2"])
        #expect(try data.build(["title=E=mc2"], for: titleChanged) == ["title": "E=mc2"])
    }

    @Test func valuesTakeTheTypeOfTheirField() throws {
        #expect(try data.build(["count=3", "done=true"], for: twoFields) == ["count": 3, "done": true])
        #expect(throws: REPLCommandLine.Mistake(description: "'three' is not a whole number for count; type count=3")) {
            try data.build(["count=three"], for: twoFields)
        }
    }

    @Test func unknownFieldsAndMissingEqualsSignsAreMistakes() {
        #expect(throws: REPLCommandLine.Mistake(description: "moved has no field 'cont'; type: moved count=… done=…")) {
            try data.build(["cont=1"], for: twoFields)
        }
        #expect(throws: REPLCommandLine.Mistake(description: "'3' is not FIELD=VALUE; type: moved count=… done=…")) {
            try data.build(["3"], for: twoFields)
        }
    }

    @Test func noArgumentsSendNoData() throws {
        #expect(try data.build([], for: titleChanged) == nil)
    }
}

struct ClockChangeTests {
    private let paris = TimeZone(identifier: "Europe/Paris")!
    private let now = EngineClient.parse("2026-11-19T09:30:00Z")!

    @Test func stepsMoveTheClockForwardAndBack() {
        #expect(ClockChange.instant("+1d", from: now, in: paris) == EngineClient.parse("2026-11-20T09:30:00Z"))
        #expect(ClockChange.instant("-2h", from: now, in: paris) == EngineClient.parse("2026-11-19T07:30:00Z"))
        #expect(ClockChange.instant("+30m", from: now, in: paris) == EngineClient.parse("2026-11-19T10:00:00Z"))
    }

    @Test func aDayKeepsTheTimeOfDayInTheSessionTimeZone() {
        #expect(ClockChange.instant("2026-12-31", from: now, in: paris) == EngineClient.parse("2026-12-31T09:30:00Z"))
        // Across the end of summer time the wall clock still reads 10:30 in Paris.
        #expect(ClockChange.instant("2026-10-20", from: now, in: paris) == EngineClient.parse("2026-10-20T08:30:00Z"))
    }

    @Test func anInstantIsTakenAsItIs() {
        #expect(ClockChange.instant("2027-01-01T00:00:00+01:00", from: now, in: paris) == EngineClient.parse("2026-12-31T23:00:00Z"))
        #expect(ClockChange.instant("tomorrow-ish", from: now, in: paris) == nil)
        #expect(ClockChange.instant("2026-13-45", from: now, in: paris) == nil)
        #expect(ClockChange.instant("2026-02-30T09:00:00Z", from: now, in: paris) == nil)
        #expect(ClockChange.instant("+1w", from: now, in: paris) == nil)
    }

    @Test func instantsAreWrittenInTheSessionTimeZone() {
        #expect(EngineClient.iso8601(now, in: paris) == "2026-11-19T10:30:00+01:00")
        #expect(EngineClient.iso8601(now, in: TimeZone(identifier: "UTC")!) == "2026-11-19T09:30:00Z")
    }
}
