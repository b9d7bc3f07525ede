import Foundation
import Testing

/// The `viper` command line: help, exit statuses, and where the database goes without `--db`.
struct CommandLineTests {
    @Test func viperHelpExitsZeroAndNamesTheServeCommand() throws {
        let exit = try ServeProcess(arguments: ["--help"]).finish()
        let help = exit.remainingLines.joined(separator: "\n")

        #expect(exit.status == 0)
        #expect(help.contains("serve"), "\(help)")
        // `viper` alone is the REPL, so its help shows the REPL's options too.
        for option in ["--now <when>", "--db <path>", "--bail", "--time-zone <zone>"] {
            #expect(help.contains(option), "\(help)")
        }
        // One page: what it is, its usage and commands, then the REPL's options, once each.
        for heading in ["OVERVIEW:", "USAGE: viper [<subcommand>] [<options>]", "SUBCOMMANDS:", "REPL OPTIONS", "See 'viper help <subcommand>'"] {
            #expect(help.components(separatedBy: heading).count == 2, "\(heading) is not there once: \(help)")
        }
        let order = ["OVERVIEW:", "USAGE:", "SUBCOMMANDS:", "REPL OPTIONS", "See 'viper help"].compactMap { help.range(of: $0)?.lowerBound }
        #expect(order == order.sorted() && order.count == 5, "\(help)")
    }

    @Test func serveHelpExitsZeroAndExplainsTheOptions() throws {
        let exit = try ServeProcess(arguments: ["serve", "--help"]).finish()
        let help = exit.remainingLines.joined(separator: "\n")

        #expect(exit.status == 0)
        #expect(help.contains("--db"), "\(help)")
        #expect(help.contains(":memory:"), "\(help)")
        #expect(help.contains("--enable-fault-injection"), "\(help)")
        #expect(help.contains("with its folder if missing"), "\(help)")
        #expect(help.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "trace").count == 2, "the log levels are listed once: \(help)")
    }

    @Test func theOptionsHelpStartPointsToAreInViperHelp() throws {
        let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:00:00Z"])
        repl.write(line: "help start")
        let start = try repl.finish().remainingLines.joined(separator: "\n")
        let pointer = try #require(start.range(of: #"viper --help lists them under ([A-Z]+)"#, options: .regularExpression), "\(start)")
        let section = String(start[pointer].split(separator: " ").last!)
        let help = try ServeProcess(arguments: ["--help"]).finish().remainingLines.joined(separator: "\n")
        let listed = try #require(help.range(of: "\n\(section):\n"), "no \(section): in \(help)")
        for option in ["--api-url <url>", "--news-url <url>", "--weather-url <url>", "--chat-name <name>"] {
            #expect(help[listed.upperBound...].contains(option), "\(option)")
        }
    }

    @Test func everyExampleOfServeHelpIsALineAShellTakesAndTheFirstAnswers() throws {
        let help = try ServeProcess(arguments: ["serve", "--help"]).finish().remainingLines
        let start = try #require(help.firstIndex { $0.hasPrefix("Examples") })
        let examples = help[(start + 1)...].prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(examples.count == 2, "\(help)")
        for example in examples {
            #expect(example.hasPrefix("viper ") || example.hasPrefix("echo "), "a line wrapped in the middle of a command: \(example)")
            let syntax = try CommandRun("/bin/sh", ["-n", "-c", example], in: "/tmp")
            #expect(syntax.status == 0, "\(example): \(syntax.errors)")
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = examples[0].replacingOccurrences(of: "| viper serve", with: "| \(ViperBinary.path) serve")
        let run = try CommandRun("/bin/sh", ["-c", first], in: folder.path, environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains(#""protocolVersion":"1.1""#), "\(run.output)")
    }

    @Test func servePipedIsSilentOnStderrButOnATerminalSaysHowToUseIt() throws {
        let piped = try ServeProcess()
        try piped.startTodo(now: "2026-11-24T09:00:00Z")
        #expect(try piped.finish().standardError.isEmpty)

        let terminal = try PseudoTerminal(arguments: ["serve", "--db", ":memory:"], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        try terminal.waitFor("viper serve: reading JSON-RPC requests from stdin, one per line (protocol.md)")
        try terminal.waitFor("run viper alone: the REPL.")
        terminal.type(#"{"jsonrpc":"2.0","id":1,"method":"engine.state"}"# + "\r")
        try terminal.waitFor(#""kind":"notInitialized""#)
        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func serveExitsZeroAtTheEndOfInputWithoutShutdown() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: "2026-11-24T09:00:00Z")
        let exit = try engine.finish()

        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(exit.remainingLines == [])
    }

    @Test func anUnusableDatabasePathExitsNonZeroNamingThePathAndSuggestingDb() throws {
        let exit = try ServeProcess(serving: ["--db", "/proc/nope/x.sqlite"]).finish()

        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(exit.remainingLines == [], "stdout is for protocol lines only")
        #expect(exit.standardError.contains("/proc/nope/x.sqlite"), "\(exit.standardError)")
        #expect(exit.standardError.contains("--db"), "\(exit.standardError)")
        #expect(!exit.standardError.contains("Domain="), "Foundation's codes are not the user's words: \(exit.standardError)")
    }

    /// `--max-workspaces 256`, the default, sends a command line to ArgumentParser; without it,
    /// the same line is read by `ServeFastPath`. Both answer and fail alike.
    @Test(arguments: [["--db", ":memory:"], ["--db", "/proc/nope/x.sqlite"], ["--database", "postgresql://u:p@ss@127.0.0.1/d", "--log-level", "debug"]])
    func aCommandLineReadWithoutArgumentParserRunsAsThroughIt(_ arguments: [String]) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n"
        let fast = try CommandRun(ViperBinary.path, ["serve"] + arguments, in: folder.path, input: initialize)
        let parsed = try CommandRun(ViperBinary.path, ["serve"] + arguments + ["--max-workspaces", "256"], in: folder.path, input: initialize)

        #expect(fast.status == parsed.status)
        #expect(fast.output == parsed.output)
        #expect(fast.errors == parsed.errors)
        #expect(fast.output.contains(#""protocolVersion":"1.1""#) || fast.errors.contains("\nError: ") || fast.errors.hasPrefix("Error: "), "\(fast.output)\(fast.errors)")
    }

    @Test func aDatabasePathUnderAFileSaysTheFileIsNotAFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/notes.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let exit = try ServeProcess(serving: ["--db", file + "/todo/viper.sqlite"]).finish()

        #expect(exit.status != 0)
        #expect(exit.standardError.contains("cannot make the folder \(file)/todo for the database at \(file)/todo/viper.sqlite: \(file) is a file, not a folder. Pass --db with a writable path"), "\(exit.standardError)")
    }

    @Test func withoutDbTheDatabaseGoesUnderXDGDataHome() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path + "/data"
        // A HOME of its own, so a database there would be noticed rather than pollute the real one.
        environment["HOME"] = directory.path + "/home"

        try saveOneToDo(environment: environment)

        #expect(FileManager.default.fileExists(atPath: directory.path + "/data/viper/viper.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/home/.local/share/viper/viper.sqlite"))
        #expect(try listedTitles(environment: environment) == ["Buy milk"])
    }

    @Test func withoutDbOrXDGDataHomeTheDatabaseGoesUnderHome() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = directory.path

        try saveOneToDo(environment: environment)

        #expect(FileManager.default.fileExists(atPath: directory.path + "/.local/share/viper/viper.sqlite"))
        #expect(try listedTitles(environment: environment) == ["Buy milk"])
    }

    /// Saves a ToDo with an engine started without `--db`, and lets it exit.
    private func saveOneToDo(environment: [String: String]) throws {
        let engine = try ServeProcess(serving: [], environment: environment)
        try engine.startTodo(now: "2026-11-24T09:00:00Z")
        _ = try engine.addTodo("Buy milk", due: "2026-11-25")
        let exit = try engine.finish()
        #expect(exit.status == 0, "\(exit.standardError)")
    }

    /// What a new engine without `--db` lists on start.
    private func listedTitles(environment: [String: String]) throws -> [String] {
        let engine = try ServeProcess(serving: [], environment: environment)
        return try ListViewModel(lastRenderIn: engine.startTodo(now: "2026-11-24T09:00:00Z")).rows.map(\.title)
    }
}
