import Testing

/// Lines a View should not send. Each gets exactly one JSON-RPC error line (notifications get
/// none), and the engine answers the next good line as if nothing had happened.
struct BadInputTests {
    static let tuesday = "2026-11-24T09:00:00Z"

    /// The stack after `startWithAddOpen`, as `engine.state` reports it; a bad line must leave it so.
    static let stateWithAddOpen = #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)},{"kind":"todo.add","scene":"todo.add#1","viewModel":\#(Wire.addForm(title: "", dueDate: nil, saveEnabled: false))}]}"#

    @Test(arguments: BadLine.anytime + [BadLine.tooLong] + BadLine.inSession)
    func aBadLineInASessionGetsOneErrorAndTheNextGoodLineIsAnswered(_ bad: BadLine) throws {
        let engine = try startWithAddOpen()
        engine.write(bytes: bad.bytes + [UInt8(ascii: "\n")])
        let lines = try engine.call(Wire.request(999, "engine.state"))

        try #require(lines.count == 2, "expected one error line, then the response: \(lines)")
        #expect(ErrorLine(lines[0]) == bad.expected, "\(lines[0])")
        expectSameLines([lines[1]], [Wire.result(999, Self.stateWithAddOpen)])
    }

    @Test(arguments: BadLine.impossibleInstants)
    func anInstantThatDoesNotExistIsInvalidParams(_ bad: BadLine) throws {
        let engine = try startWithAddOpen()
        let lines = try engine.call(String(decoding: bad.bytes, as: UTF8.self))

        try #require(lines.count == 1, "expected only an error line: \(lines)")
        #expect(ErrorLine(lines[0]) == bad.expected, "\(lines[0])")
        expectSameLines(try engine.call(Wire.request(999, "engine.state")), [Wire.result(999, Self.stateWithAddOpen)])
    }

    @Test(arguments: BadLine.anytime + [BadLine.tooLong] + BadLine.beforeInitialize + BadLine.badInitialize)
    func aBadLineBeforeInitializeGetsOneErrorAndInitializeStillWorks(_ bad: BadLine) throws {
        let engine = try ServeProcess()
        engine.write(bytes: bad.bytes + [UInt8(ascii: "\n")])
        let lines = try engine.call(Wire.initialize(1, now: Self.tuesday))

        try #require(lines.count == 2, "expected one error line, then the response: \(lines)")
        #expect(ErrorLine(lines[0]) == bad.expected, "\(lines[0])")
        #expect(WireJSON.object(lines[1])?["result"] is [String: Any], "\(lines[1])")
    }

    @Test func notificationsGetNoResponseEvenWhenTheyFail() throws {
        let engine = try ServeProcess()
        // Before initialize, an unknown method and a known one: both would be errors as requests.
        engine.write(line: #"{"jsonrpc":"2.0","method":"todo.frobnicate"}"#)
        engine.write(line: #"{"jsonrpc":"2.0","method":"engine.state"}"#)
        let initialized = try engine.call(Wire.initialize(1, now: Self.tuesday))
        #expect(initialized.count == 1, "\(initialized)")

        try openAdd(on: engine)
        engine.write(line: #"{"jsonrpc":"2.0","method":"todo.frobnicate","params":{"x":1}}"#)
        engine.write(line: #"{"jsonrpc":"2.0","method":"view.event","params":{"event":"addTapped","scene":"todo.list#9"}}"#)
        engine.write(line: #"{"jsonrpc":"2.0","method":"view.event","params":{"data":{"title":42},"event":"titleChanged","scene":"todo.add#1"}}"#)
        expectSameLines(try engine.call(Wire.request(999, "engine.state")), [Wire.result(999, Self.stateWithAddOpen)])
    }

    @Test func aLineOfExactlyOneMebibyteIsStillRead() throws {
        let engine = try startWithAddOpen()
        let head = #"{"jsonrpc":"2.0","id":998,"method":"engine.state","params":{"pad":""#
        let tail = #""}}"#
        let line = head + String(repeating: "a", count: (1 << 20) - head.utf8.count - tail.utf8.count) + tail
        try #require(line.utf8.count == 1 << 20)

        // Unknown params members are ignored, so this is an ordinary engine.state.
        expectSameLines(try engine.call(line), [Wire.result(998, Self.stateWithAddOpen)])
    }

    @Test func theLimitExcludesTheLineEndingSoACRLFLineOfExactlyOneMebibyteIsRead() throws {
        let engine = try startWithAddOpen()
        let head = #"{"jsonrpc":"2.0","id":997,"method":"engine.state","params":{"pad":""#
        let tail = #""}}"#
        let padding = (1 << 20) - head.utf8.count - tail.utf8.count
        engine.write(bytes: Array((head + String(repeating: "a", count: padding) + tail).utf8) + Array("\r\n".utf8))
        expectSameLines(try engine.call(Wire.request(998, "engine.state")), [
            Wire.result(997, Self.stateWithAddOpen), Wire.result(998, Self.stateWithAddOpen),
        ])

        // One byte more is refused, and the length it reports has no line ending either.
        engine.write(bytes: Array((head + String(repeating: "a", count: padding + 1) + tail).utf8) + Array("\r\n".utf8))
        let lines = try engine.call(Wire.request(999, "engine.state"))
        try #require(lines.count == 2, "\(lines)")
        #expect(ErrorLine(lines[0]) == ErrorLine(id: "null", code: -32600, kind: "lineTooLong"), "\(lines[0])")
        #expect(lines[0].contains(#""length":1048577,"limit":1048576"#), "\(lines[0])")
    }

    @Test(arguments: ["9007199254740993", "-9007199254740993", "12345678901234567890123", "1.0", "1.50", "1e3", "0"])
    func aNumericIdComesBackSpelledExactlyAsItWasSent(_ id: String) throws {
        let engine = try startWithAddOpen()
        let lines = try engine.call(#"{"jsonrpc":"2.0","id":\#(id),"method":"engine.state"}"#)
        try #require(lines.count == 1, "\(lines)")
        #expect(lines[0].hasPrefix(#"{"id":\#(id),"jsonrpc":"2.0","result":"#), "\(lines[0])")
        // Errors too, and the last of two ids wins as in the rest of the object.
        let error = try engine.call(#"{"jsonrpc":"2.0","id":1,"id":\#(id),"method":"engine.nothing"}"#)
        #expect(error.first?.contains(#""id":\#(id),"jsonrpc""#) == true, "\(error)")
    }

    @Test func aThousandBadLinesGetAThousandErrorsAndThenAToDoIsCreatedAsUsual() throws {
        let engine = try ServeProcess()
        var expected: [ErrorLine] = []
        /// Writes `count` bad lines cycling through `catalog`, with a line over the limit now and
        /// then: enough to show skipping, without pouring hundreds of MiB through the pipe.
        func pour(_ catalog: [BadLine], count: Int) {
            for index in 0..<count {
                let bad = index % 100 == 50 ? BadLine.tooLong : catalog[index % catalog.count]
                engine.write(bytes: bad.bytes + [UInt8(ascii: "\n")])
                expected.append(bad.expected)
            }
        }
        // Everything is written before anything is read, as a View that pipelines would.
        pour(BadLine.anytime + BadLine.beforeInitialize + BadLine.badInitialize, count: 300)
        engine.write(line: Wire.initialize(1, now: Self.tuesday))
        engine.write(line: Wire.request(2, "app.start", #"{"app":"todo"}"#))
        engine.write(line: Wire.event(3, "todo.list#1", "addTapped"))
        pour(BadLine.anytime + BadLine.inSession, count: 700)
        let lines = try engine.call(Wire.request(4, "engine.state"))

        let errors = lines.compactMap(ErrorLine.init)
        #expect(errors.count == 1000)
        expectEqual(errors, expected)
        let answers = lines.filter { ErrorLine($0) == nil }
        try #require(answers.count == 8, "\(answers)")
        #expect(WireJSON.isResponse(answers[0], toID: "1"), "\(answers[0])")
        expectSameLines(Array(answers.dropFirst()), [
            Wire.navigate("root", "todo.list#1"),
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.result(2, #"{"scene":"todo.list#1"}"#),
            Wire.navigate("present", "todo.add#1", from: "todo.list#1"),
            Wire.render("todo.add#1", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(3, "{}"),
            Wire.result(4, Self.stateWithAddOpen),
        ])

        // Then a whole create story, from a fresh Add scene.
        expectSameLines(try engine.call(Wire.event(5, "todo.add#1", "cancelTapped")), [
            Wire.navigate("dismiss", "todo.add#1", from: "todo.list#1"),
            Wire.result(5, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(6, "todo.list#1", "addTapped")), [
            Wire.navigate("present", "todo.add#2", from: "todo.list#1"),
            Wire.render("todo.add#2", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(6, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(7, "todo.add#2", "titleChanged", #"{"title":"Buy milk"}"#)), [
            Wire.render("todo.add#2", Wire.addForm(title: "Buy milk", dueDate: nil, saveEnabled: false)),
            Wire.result(7, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(8, "todo.add#2", "dueDateChanged", #"{"dueDate":"2026-11-24"}"#)), [
            Wire.render("todo.add#2", Wire.addForm(title: "Buy milk", dueDate: "2026-11-24", saveEnabled: true)),
            Wire.result(8, "{}"),
        ])
        let saved = try engine.call(Wire.event(9, "todo.add#2", "saveTapped"))
        let id = try #require(try ListViewModel(lastRenderIn: saved).sections.first?.items.first?.id)
        expectSameLines(saved, [
            Wire.navigate("dismiss", "todo.add#2", from: "todo.list#1"),
            Wire.render("todo.list#1", Wire.list([
                ("today", [.init(id: id, title: "Buy milk", dueDate: "2026-11-24", dueDay: "")]),
            ])),
            Wire.result(9, "{}"),
        ])
        let exit = try engine.finish()
        #expect(exit.status == 0)
        #expect(exit.remainingLines == [])
    }

    @Test func stdoutCarriesNothingButJSONRPCLinesWhileLogsGoToStderr() throws {
        // The most talkative log level, so that a log line on stdout could not go unnoticed.
        let engine = try ServeProcess(serving: ["--db", ":memory:", "--log-level", "trace"])
        let good = [
            Wire.initialize(1, now: Self.tuesday),
            Wire.request(2, "app.start", #"{"app":"todo"}"#),
            Wire.event(3, "todo.list#1", "addTapped"),
            Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Buy milk"}"#),
            Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25"}"#),
            Wire.event(6, "todo.add#1", "saveTapped"),
            Wire.request(7, "clock.set", #"{"now":"2026-11-25T09:00:00Z"}"#),
            Wire.request(8, "engine.state"),
            Wire.request(9, "shutdown"),
        ]
        let bad = BadLine.anytime + BadLine.inSession
        for (offset, line) in good.enumerated() {
            engine.write(line: line)
            if offset == 2 { for line in bad { engine.write(bytes: line.bytes + [UInt8(ascii: "\n")]) } }
        }
        engine.write(line: #"{"jsonrpc":"2.0","method":"todo.frobnicate"}"#)
        let exit = try engine.finish()

        #expect(exit.status == 0)
        // 1 + 3 + 3 + 2 + 2 + 3 + 2 + 1 + 1 answers to good lines, one error per bad line.
        #expect(exit.remainingLines.count == 18 + bad.count, "\(exit.remainingLines)")
        for line in exit.remainingLines {
            let message = WireJSON.object(line)
            #expect(message?["jsonrpc"] as? String == "2.0", "not a JSON-RPC line on stdout: \(line)")
            #expect(message?["id"] != nil || message?["method"] is String, "neither response nor notification: \(line)")
        }
        #expect(!exit.standardError.isEmpty, "trace logging wrote nothing on stderr")
    }

    /// An engine with a fixed clock, the ToDo list started and its Add scene open.
    private func startWithAddOpen() throws -> ServeProcess {
        let engine = try ServeProcess()
        _ = try engine.call(Wire.initialize(1, now: Self.tuesday))
        try openAdd(on: engine)
        return engine
    }

    /// Starts the ToDo app (id 2) and opens its Add scene (id 3) in an initialized session.
    private func openAdd(on engine: ServeProcess) throws {
        let started = try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
        let opened = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        guard started.last == Wire.result(2, #"{"scene":"todo.list#1"}"#), opened.last == Wire.result(3, "{}") else {
            throw ServeProcess.Failure(description: "could not open todo.add#1: \(started + opened)")
        }
    }
}
