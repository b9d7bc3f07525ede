import Foundation
import Testing

/// `viper < script`: commands read line by line, no prompt, no escape codes.
struct REPLScriptTests {
    private static let options = ["--now", "2026-11-19T09:00:00Z", "--time-zone", "UTC"]

    private func run(_ commands: [String], arguments: [String] = options, environment: [String: String]? = nil) throws -> ServeProcess.Exit {
        let repl = try ServeProcess(arguments: arguments, environment: environment)
        for command in commands { repl.write(line: command) }
        return try repl.finish()
    }

    @Test func aScriptCreatesListsAndCancelsToDosWithoutPromptsOrColours() throws {
        let exit = try run([
            "start todo", "addTapped", "titleChanged Buy milk", "dueDateChanged tomorrow", "saveTapped",
            "addTapped", #"titleChanged title="Call mum""#, "cancelTapped", "stack",
        ])
        #expect(exit.status == 0)
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(!output.contains("\u{1B}"), "escape codes in script output")
        #expect(!output.contains("> "), "a prompt in script output")
        #expect(exit.remainingLines.first == "→ todo.list#1 opened")
        #expect(output.contains("→ todo.add#1 presented over todo.list#1"))
        #expect(output.contains("║ title: Buy milk"))
        #expect(output.contains("← todo.add#1 dismissed, back to todo.list#1"))
        #expect(output.contains("│         title: Buy milk") && output.contains("│         dueDay: Friday"))
        #expect(output.contains("← todo.add#2 dismissed, back to todo.list#1"))
        #expect(exit.remainingLines.last == "todo.list#1  (top)")
        #expect(exit.standardError.isEmpty, "\(exit.standardError)")
    }

    @Test("map explores the running app in sessions of its own and prints its moves; without an app it says to start one")
    func mapPrintsTheMovesOfTheRunningApp() throws {
        let exit = try run(["map", "start todo", "map", "stack"])
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(exit.standardError.contains("no app is running; start one first: start todo"), "\(exit.standardError)")
        #expect(output.contains("map of todo, explored in sessions of its own (300 actions"), "\(output)")
        #expect(output.contains("every invariant held"), "\(output)")
        #expect(output.contains("todo.list  --addTapped-->  todo.add"), "\(output)")
        // The save-failure alert is reached: the walk makes the store fail on purpose.
        #expect(output.contains("todo.add   --saveTapped-->  alert"), "\(output)")
        #expect(!output.contains("never reached"), "\(output)")
        // The REPL's own session was not touched.
        #expect(exit.remainingLines.last == "todo.list#1  (top)")
    }

    @Test func backLeavesTheTopSceneAndTheRootCannotGoBack() throws {
        let exit = try run(["start todo", "addTapped", "titleChanged Buy milk", "back", "back", "stack"])
        #expect(exit.remainingLines.contains("← todo.add#1 dismissed, back to todo.list#1"), "\(exit.remainingLines)")
        #expect(exit.standardError == "error: todo.list#1 is the root of the stack; there is nothing to go back to.\n")
        #expect(exit.remainingLines.last == "todo.list#1  (top)")
    }

    @Test func errorsAreOneLineOnStderrSayingWhatToTypeAndTheScriptGoesOn() throws {
        let exit = try run(["strat todo", "start todo", "addTaped", "todo.list#1 addTapped x=1", "stack"])
        #expect(exit.status == 0)
        #expect(exit.standardError.split(separator: "\n") == [
            "error: 'strat' is not a command (did you mean start?) and no scene is live to send it to; type help, or start todo.",
            "error: 'addTaped' is not a command or an event of todo.list#1 (did you mean addTapped?). Its events: addTapped; type help for the commands.",
            "error: addTapped takes no data; type: addTapped",
        ])
        #expect(exit.remainingLines.last == "todo.list#1  (top)")
    }

    @Test func helpListsTheAppsAndTheBusEventsAsTheEngineDescribesThem() throws {
        let exit = try run(["help", "help start", "help chat.messageReceived"])
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(output.contains("Apps: todo, accounts, news, weather, flights, chat."))
        #expect(output.contains("Bus events (post): chat.messageReceived conversationId=STRING messageId=STRING author=STRING text=STRING sentAt=INSTANT"))
        #expect(output.contains("    weather   weather.list"))
        #expect(output.contains("  sentAt: instant"))
        #expect(exit.standardError.isEmpty, "\(exit.standardError)")
    }

    @Test func postHandsABusEventToTheAppsAndSaysHowManyTookIt() throws {
        let exit = try run([
            "start chat", "post chat.messageReceived conversationId=ada messageId=m9 author=Ada text=Still there? sentAt=now",
            "post chat.messageReceived text=7", "post chat.messageRecieved", "start todo", "post chat.messageReceived conversationId=ada messageId=m10 author=Ada text=Hi sentAt=now",
        ])
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(output.contains("lastMessage: Still there?"), "\(output)")
        #expect(output.contains("(delivered to 1 module)"))
        #expect(output.contains("(delivered to 0 modules)"), "no live module listens once the chat left")
        #expect(exit.standardError.split(separator: "\n").map(String.init) == [
            "error: post chat.messageReceived needs conversationId=… messageId=… author=… sentAt=…",
            "error: no app takes the bus event 'chat.messageRecieved' (did you mean chat.messageReceived?); the hosted apps take chat.messageReceived",
        ])
    }

    @Test func aRequestSentWithAnAmpersandIsCancelledAndTheScriptGoesOn() throws {
        let silent = try SilentServer()
        let exit = try run(["start news &", "cancel 9", "cancel", "cancel", "stack"], arguments: Self.options + ["--news-url", silent.url])
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(output.contains("· request 2 runs in the background; cancel 2 stops it"))
        #expect(output.contains("state: loading"))
        #expect(output.contains("· request 2 (start news) failed: Cancelled: the 'app.start' request was cancelled before it finished; what it had shown stays."))
        #expect(exit.remainingLines.last == "news.list#1  (top)")
        #expect(exit.standardError.split(separator: "\n").map(String.init) == [
            "error: request 9 is not running; running: 2",
            "error: no request runs in the background; a command ending in & sends one (start news &)",
        ])
    }

    @Test func recordRefusesToOverwriteAFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/golden.transcript"
        try "keep me\n".write(toFile: file, atomically: true, encoding: .utf8)
        let exit = try run(["record \(file)"])
        #expect(exit.standardError == "error: \(file) exists already; record to a new file, or remove it first\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
    }

    @Test func flagsAreCheckedBeforeTheSessionStarts() throws {
        let exit = try run([], arguments: ["--first-weekday", "9"])
        #expect(exit.status != 0)
        #expect(exit.standardError.contains("--first-weekday must be 1 (Sunday) … 7 (Saturday), not 9"))
        let locale = try run([], arguments: ["--locale", "xx_YY"])
        #expect(locale.standardError.contains("--locale must be a locale identifier such as en_US or fr_FR, not 'xx_YY'"))
        let instant = try run([], arguments: ["--now", "2026-02-30T09:00:00Z"])
        #expect(instant.standardError.contains("--now must be an instant (2026-11-24T09:00:00Z), a day"))
    }

    @Test func aClosedOutputEndsTheREPLQuietly() throws {
        let repl = try ServeProcess(arguments: Self.options)
        repl.closeOutput()
        for _ in 0..<20 { repl.write(line: "help") }
        let exit = try repl.finish()
        #expect(!exit.standardError.contains("Fatal error"), "\(exit.standardError)")
    }

    @Test func bailStopsAtTheFirstErrorWithAFailingStatus() throws {
        let exit = try run(["start todo", "todo.list#9 addTapped", "stack"], arguments: Self.options + ["--bail"])
        #expect(exit.status == 1)
        #expect(exit.standardError == "error: no live scene is 'todo.list#9'. Live scenes: todo.list#1.\n")
        #expect(!exit.remainingLines.contains("todo.list#1  (top)"))
    }

    @Test func aRecordedSessionReplaysGreenWithViperTest() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/story.transcript"
        let exit = try run([
            "start todo", "record \(file)", "addTapped", "titleChanged Renew passport", "dueDateChanged 2026-11-23",
            #"raw {"jsonrpc":"2.0","id":99,"method":"debug.injectFault","params":{"operation":"todo.save","message":"disk full"}}"#,
            "saveTapped", "alert#1 dismissTapped", "saveTapped", "clock +3d", "record stop", "stack",
        ], arguments: Self.options + ["--enable-fault-injection"])
        #expect(exit.status == 0, "\(exit.remainingLines)")
        #expect(exit.remainingLines.contains("recorded 10 steps to \(file); replay them with: viper test \(file)"))
        let transcript = try String(contentsOfFile: file, encoding: .utf8)
        #expect(transcript.hasPrefix("# Recorded with the viper REPL; replay with: viper test \(file)\n$ viper serve --enable-fault-injection\n> initialize "))
        #expect(transcript.contains(#""version":"{{*}}""#))
        #expect(!transcript.contains("engine.describe"), "the REPL's own requests are not part of the story")
        #expect(!transcript.contains("engine.state"), "commands after record stop were recorded")

        let replay = try ServeProcess(arguments: ["test", file]).finish()
        #expect(replay.remainingLines.last == "1 passed, 0 failed", "\(replay.remainingLines.joined(separator: "\n"))")
        let againstBinary = try ServeProcess(arguments: ["test", "--exec", "\(ViperBinary.path) serve --db :memory:", file]).finish()
        #expect(againstBinary.remainingLines.last == "1 passed, 0 failed", "\(againstBinary.remainingLines.joined(separator: "\n"))")
    }

    @Test func helpListsTheCommandsAndTheEventsOfTheTopScene() throws {
        let exit = try run(["help", "start todo", "addTapped", "help", "help dueDateChanged", "help clock"])
        let output = exit.remainingLines.joined(separator: "\n")
        #expect(output.contains("No scene is live yet: start an app, e.g. start todo."))
        #expect(output.contains("Events of todo.add#1:\n  titleChanged title=STRING\n  dueDateChanged dueDate=DAY|null\n  saveTapped\n  cancelTapped"))
        #expect(output.contains("dueDate: day (YYYY-MM-DD, today, tomorrow, yesterday, or +N / -N days from today); null clears it"))
        #expect(output.contains("+1d  -2h  +30m"))
        #expect(output.contains("  quit | exit "))
        #expect(output.contains("  clear "))
    }

    @Test func aDayTheREPLCannotReadSaysWhichFormsItTakes() throws {
        let exit = try run(["start todo", "addTapped", "dueDateChanged 20 Nov", "dueDateChanged +2"])
        #expect(exit.standardError == "error: '20 Nov' is not a day for dueDate; type YYYY-MM-DD, today, tomorrow, yesterday, or +N / -N days from today, or null to clear it\n")
        #expect(exit.remainingLines.contains { $0.contains("dueDate: 2026-11-21") })
    }

    @Test func clearWithoutATerminalPrintsNothingAndTheSessionGoesOn() throws {
        let exit = try run(["start todo", "clear", "stack"])
        #expect(exit.standardError.isEmpty)
        #expect(exit.remainingLines.last == "todo.list#1  (top)")
    }

    @Test func theClockCommandShowsAndMovesTheSessionClock() throws {
        let exit = try run(["clock", "start todo", "clock 2026-11-24", "clock nonsense"])
        #expect(exit.remainingLines.first == "clock: Thu 2026-11-19 09:00 UTC (fixed; change it with clock WHEN)")
        #expect(exit.remainingLines.contains("clock: Tue 2026-11-24 09:00 UTC (fixed; change it with clock WHEN)"))
        #expect(exit.standardError == "error: 'nonsense' is not a time; type clock 2026-11-24T09:00:00Z, clock 2026-11-24, clock +1d or clock now\n")
    }

    @Test func nowTakesTheFormsTheClockCommandTakes() throws {
        let day = try run(["clock"], arguments: ["--now", "2026-11-19", "--time-zone", "UTC"])
        #expect(day.remainingLines.first?.hasPrefix("clock: Thu 2026-11-19 ") == true, "\(day.remainingLines)")
        let refused = try run([], arguments: ["--now", "19 Nov"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--now must be an instant (2026-11-24T09:00:00Z), a day (2026-11-24)"), "\(refused.standardError)")
    }

    @Test func aRawClockSetMovesTheClockTheREPLShows() throws {
        let exit = try run([#"raw {"jsonrpc":"2.0","id":5,"method":"clock.set","params":{"now":"2026-12-24T18:00:00Z"}}"#, "clock"])
        #expect(exit.remainingLines.last == "clock: Thu 2026-12-24 18:00 UTC (fixed; change it with clock WHEN)")
    }

    @Test func rawModeSendsLinesAsTypedAndPrintsWhatComesBack() throws {
        let exit = try run(["raw", #"{"jsonrpc":"2.0","id":7,"method":"engine.state"}"#, "{nope", "raw", "stack"])
        #expect(exit.remainingLines.contains(#"{"id":7,"jsonrpc":"2.0","result":{"stack":[]}}"#))
        #expect(exit.remainingLines.contains { $0.contains(#""kind":"parseError""#) })
        #expect(exit.remainingLines.last == "no scene is live")
    }

    @Test func mistakesAreSaidInTheWordsOfTheCommandsNotOfTheWire() throws {
        let exit = try run([
            "start todo", "addTapped", "titleChanged", "start flights", "passengersChanged count=three", "passengersChanged 12.5",
            "start news", "articleTapped id=nothing-here", "start accounts", "logInTapped", "passwordChanged",
        ])
        let errors = exit.standardError.split(separator: "\n").map(String.init)
        #expect(errors == [
            "error: titleChanged needs title=…",
            "error: 'three' is not a whole number for count; type count=3",
            "error: '12.5' is not a whole number for count; type count=3",
            "error: articleTapped: id is not an article of the list: 'nothing-here'.",
            "error: passwordChanged needs password=…; at a terminal, type passwordChanged alone and it asks for password without showing it",
        ])
        #expect(!exit.standardError.contains("Invalid params"), "\(exit.standardError)")
        #expect(!exit.standardError.contains("params.data"))
    }

    @Test func goingBackDrawsTheSceneItReturnsTo() throws {
        let exit = try run(["start todo", "addTapped", "back"])
        let lines = exit.remainingLines
        let back = try #require(lines.lastIndex(of: "← todo.add#1 dismissed, back to todo.list#1"))
        #expect(lines[back + 1].hasPrefix("┌─ todo.list#1 ─"), "\(lines[back...])")
    }

    @Test func aRequestCancelledWhileItWaitsOnHTTPIsRecordedAsTheCancellationAReplaySends() throws {
        let silent = try SilentServer()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/cancelled.transcript"
        let exit = try run(["record \(file)", "start news &", "wait 300ms", "cancel", "record stop"], arguments: Self.options + ["--news-url", silent.url])
        #expect(!exit.remainingLines.contains { $0.hasPrefix("note:") }, "\(exit.remainingLines)")
        let transcript = try String(contentsOfFile: file, encoding: .utf8)
        #expect(transcript.contains(#">> {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#), "\(transcript)")
        let replay = try ServeProcess(arguments: ["test", file]).finish()
        #expect(replay.remainingLines.last == "1 passed, 0 failed", "\(replay.remainingLines.joined(separator: "\n"))")
    }
}
