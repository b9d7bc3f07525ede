import Testing
import ViperJSON

@testable import ViperTesting

/// The invariants as `explore` and `! check` transcripts check them, step by step, on a
/// session of two made-up scenes: a list whose items an event opens by id, and a form that
/// can be busy.
struct InvariantCheckerTests {
    private static let description = SessionDescription([
        "apps": [["name": "demo", "rootScene": "demo.list", "scenes": ["demo.list", "demo.form"]]],
        "scenes": [
            [
                "kind": "demo.list",
                "events": [["name": "itemTapped", "data": [["name": "id", "type": "string", "nullable": false]]]],
                "viewModel": [["name": "items", "type": "array", "nullable": false, "items": ["type": "object", "fields": [
                    ["name": "id", "type": "string", "nullable": false], ["name": "open", "type": "bool", "nullable": false],
                ]]]],
                "roles": ["id": "identifier", "open": "available"],
            ],
            [
                "kind": "demo.form",
                "events": [["name": "saveTapped", "data": []]],
                "viewModel": [
                    ["name": "isSaving", "type": "bool", "nullable": false],
                    ["name": "state", "type": "string", "nullable": false],
                    ["name": "when", "type": "day", "nullable": true],
                ],
                "roles": ["isSaving": "busy", "state": "state"],
                "tones": ["state": ["loading": "busy", "loaded": "settled"]],
            ],
        ],
    ])

    private static func line(_ value: JSONValue) -> String { JSONWriter.string(value) }
    private static func navigate(_ action: String, _ scene: String, from: String? = nil) -> String {
        var params: [String: JSONValue] = ["action": .string(action), "scene": .string(scene), "kind": .string(String(scene.prefix { $0 != "#" }))]
        if let from { params["from"] = .string(from) }
        return line(["jsonrpc": "2.0", "method": "view.navigate", "params": .object(params)])
    }
    private static func render(_ scene: String, _ viewModel: JSONValue) -> String {
        line(["jsonrpc": "2.0", "method": "view.render", "params": ["scene": .string(scene), "kind": .string(String(scene.prefix { $0 != "#" })), "viewModel": viewModel]])
    }
    private static func result(_ id: Int) -> String { line(["jsonrpc": "2.0", "id": .number(Double(id)), "result": [:]]) }
    private static func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) -> String {
        var members: [String: JSONValue] = ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method)]
        if let params { members["params"] = params }
        return line(.object(members))
    }
    private static let list: JSONValue = ["items": [["id": "a", "open": true], ["id": "b", "open": false]]]
    private static let idleForm: JSONValue = ["isSaving": false, "state": "loaded", "when": .null]

    /// A checker with the list at the root and the form pushed over it.
    private func started() -> InvariantChecker {
        var checker = InvariantChecker(description: Self.description)
        #expect(checker.check(sent: Self.request(1, "app.start", ["app": "demo"]), output: [Self.navigate("root", "demo.list#1"), Self.render("demo.list#1", Self.list), Self.result(1)]).isEmpty)
        #expect(checker.check(sent: Self.request(2, "view.event", ["scene": "demo.list#1", "event": "itemTapped", "data": ["id": "a"]]),
            output: [Self.navigate("push", "demo.form#1", from: "demo.list#1"), Self.render("demo.form#1", Self.idleForm), Self.result(2)]).isEmpty)
        return checker
    }

    @Test func aWellBehavedSessionBreaksNothing() {
        var checker = started()
        #expect(checker.check(sent: Self.request(3, "view.back", ["scene": "demo.form#1"]), output: [Self.navigate("pop", "demo.form#1", from: "demo.list#1"), Self.result(3)]).isEmpty)
        #expect(checker.check(sent: Self.request(4, "engine.idle"), output: [Self.result(4)]).isEmpty)
    }

    @Test func anInternalErrorIsACrash() {
        var checker = started()
        let breaches = checker.check(sent: Self.request(3, "view.event", ["scene": "demo.form#1", "event": "saveTapped"]),
            output: [Self.line(["jsonrpc": "2.0", "id": 3, "error": ["code": -32603, "message": "Internal error: boom."]])])
        #expect(breaches.map(\.invariant) == [.noCrash])
    }

    @Test func aViewModelOfAnotherShapeIsAnInvalidLine() {
        var checker = started()
        let breaches = checker.check(sent: Self.request(3, "view.event", ["scene": "demo.form#1", "event": "saveTapped"]),
            output: [Self.render("demo.form#1", ["isSaving": "no", "state": "loaded", "when": .null]), Self.result(3)])
        #expect(breaches.map(\.invariant) == [.validLines])
        #expect(breaches.first?.message == "demo.form#1's viewModel.isSaving is a string, not bool")
        let badDay = checker.check(sent: nil, output: [Self.render("demo.form#1", ["isSaving": false, "state": "loaded", "when": "2026-02-30"])])
        #expect(badDay.first?.message == "demo.form#1's viewModel.when is \"2026-02-30\", not a day YYYY-MM-DD")
    }

    @Test func aRenderForAGoneSceneIsCaught() {
        var checker = started()
        let breaches = checker.check(sent: Self.request(3, "view.back", ["scene": "demo.form#1"]),
            output: [Self.navigate("pop", "demo.form#1", from: "demo.list#1"), Self.render("demo.form#1", Self.idleForm), Self.result(3)])
        #expect(breaches.map(\.invariant) == [.noRenderAfterLeave])
    }

    @Test func aBusySceneAfterIdleIsCaughtUnlessItWaitsOnHTTP() {
        var checker = started()
        _ = checker.check(sent: nil, output: [Self.render("demo.form#1", ["isSaving": false, "state": "loading", "when": .null])])
        // While a request for HTTP is open, a busy scene waits on it.
        _ = checker.check(sent: nil, output: [Self.line(["jsonrpc": "2.0", "id": "viper:1", "method": "effect.http", "params": ["method": "GET", "url": "http://x/"]])])
        #expect(checker.check(sent: Self.request(3, "engine.idle"), output: [Self.result(3)]).isEmpty)
        _ = checker.check(sent: Self.line(["jsonrpc": "2.0", "id": "viper:1", "error": ["code": -1, "message": "offline"]]), output: [])
        let breaches = checker.check(sent: Self.request(4, "engine.idle"), output: [Self.result(4)])
        #expect(breaches.map(\.invariant) == [.idleSettles])
        #expect(breaches.first?.message.contains(#"state: "loading""#) == true)
    }

    @Test func aSceneTheBackGestureCannotLeaveIsCaughtButTheRootMayStay() {
        var checker = started()
        let stuck = checker.check(sent: Self.request(3, "view.back", ["scene": "demo.form#1"]), output: [Self.result(3)])
        #expect(stuck.map(\.invariant) == [.scenesCanBeLeft])
        _ = checker.check(sent: Self.request(4, "view.back", ["scene": "demo.form#1"]), output: [Self.navigate("pop", "demo.form#1", from: "demo.list#1"), Self.result(4)])
        let root = checker.check(sent: Self.request(5, "view.back", ["scene": "demo.list#1"]),
            output: [Self.line(["jsonrpc": "2.0", "id": 5, "error": ["code": -32602, "message": "cannotGoBack"]])])
        #expect(root.isEmpty)
    }

    @Test func refusingDataOfTheDescribedShapeIsCaughtButAnIdNotOnScreenOrAWrongTypeMayBeRefused() {
        var checker = InvariantChecker(description: Self.description)
        _ = checker.check(sent: Self.request(1, "app.start", ["app": "demo"]), output: [Self.navigate("root", "demo.list#1"), Self.render("demo.list#1", Self.list), Self.result(1)])
        let refused = Self.line(["jsonrpc": "2.0", "id": 2, "error": ["code": -32602, "message": "Invalid params"]])
        let shaped = checker.check(sent: Self.request(2, "view.event", ["scene": "demo.list#1", "event": "itemTapped", "data": ["id": "a"]]), output: [refused])
        #expect(shaped.map(\.invariant) == [Invariant.errorsOnlyForRefusedData])
        #expect(checker.check(sent: Self.request(2, "view.event", ["scene": "demo.list#1", "event": "itemTapped", "data": ["id": "zz"]]), output: [refused]).isEmpty)
        // An item whose `available` flag is false cannot be chosen now: refusing it is the contract.
        #expect(checker.check(sent: Self.request(2, "view.event", ["scene": "demo.list#1", "event": "itemTapped", "data": ["id": "b"]]), output: [refused]).isEmpty)
        #expect(checker.check(sent: Self.request(2, "view.event", ["scene": "demo.list#1", "event": "itemTapped", "data": ["id": 7]]), output: [refused]).isEmpty)
    }

    @Test func daysMoveAcrossMonthsYearsAndLeapDays() {
        #expect(DataMaker.day("2026-11-19", adding: 13) == "2026-12-02")
        #expect(DataMaker.day("2028-02-28", adding: 1) == "2028-02-29")
        #expect(DataMaker.day("2026-01-01", adding: -1) == "2025-12-31")
        #expect(DescribedShape.isDay("2000-02-29") && !DescribedShape.isDay("1900-02-29") && !DescribedShape.isDay("2026-13-01"))
        #expect(DescribedShape.isInstant("2026-11-19T09:00:00Z") && DescribedShape.isInstant("2026-11-19T09:00:00.5+01:00"))
        #expect(!DescribedShape.isInstant("2026-11-19 09:00"))
    }

    @Test func theSameSeedDrawsTheSameNumbers() {
        var one = SeededGenerator(seed: 7)
        var two = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let drawn = (0..<5).map { _ in one.next() }
        #expect(drawn == (0..<5).map { _ in two.next() })
        #expect(drawn != (0..<5).map { _ in other.next() })
    }

    @Test func loopbackPortsDoNotCountAsADifference() {
        #expect(WireDifference(["GET http://127.0.0.1:4321/a"], ["GET http://127.0.0.1:5555/a"]) == nil)
        #expect(WireDifference(["a", "b"], ["a", "c"])?.index == 1)
        #expect(WireDifference(["a"], ["a", "c"])?.first == "(nothing)")
    }
}
