import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperTesting

/// The REPL, what the command runs alone (or as `repl`): explore the apps by hand.
struct REPLCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "repl",
            abstract: "Explore the apps by hand: the default when \(Host.commandName) runs without a command.",
            discussion: """
                Type commands instead of JSON: `start APP`, then the events of the scene on top \
                (with the ToDo app: `addTapped`, `titleChanged Buy milk`, `dueDateChanged \
                tomorrow`, `saveTapped`). Each command sends one request to an engine in this \
                process and shows what changed: navigation, and every rendered scene as a small \
                screen, drawn from what the engine describes of it. `help` lists the commands; \
                Tab completes them, the apps, the scenes, their events and fields. A command \
                ending in & is sent without waiting (start news &); cancel stops it, and so does \
                Ctrl-C a request that waits.

                On a terminal, lines are edited with \(Host.terminalEditorName); history, when \
                the editor keeps it, is in $XDG_STATE_HOME/\(Host.commandName)/history (or \
                ~/.local/state/\(Host.commandName)/history). Without a terminal on stdin, \
                commands are read line by line with no prompt and no colours: \
                \(Host.commandName) < script.txt. Colours are off when NO_COLOR is set or stdout \
                is no terminal.

                The session's clock is fixed when it starts, and its data lives in memory unless \
                --db is given, so that `record FILE` writes a transcript that replays with \
                `\(Host.commandName) test`. Servers the apps reach inside this process start \
                their clocks at the same instant as --now.
                """
        )
    }

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp("An SQLite file for the apps' data. Default: in memory, gone when the REPL ends.", valueName: "path"))
    var databasePath: String?

    @OptionGroup(title: Host.optionsTitle)
    var options: Host.Options

    @Flag(help: "Add the debug.injectFault method, to try failure stories (send it with raw).")
    var enableFaultInjection = false

    @Option(help: ArgumentHelp(
        "Fix the session clock: an instant (2026-11-24T09:00:00Z), a day at this time of day (2026-11-24), a step from now (+1d, -3h, +30m) or now. Default: now.",
        valueName: "when"))
    var now: String?

    @Option(help: ArgumentHelp("The session's IANA time zone. Default: this machine's.", valueName: "zone"))
    var timeZone: String?

    @Option(help: ArgumentHelp("The session's locale, for names such as weekdays. Default: en_US.", valueName: "identifier"))
    var locale: String?

    @Option(help: ArgumentHelp("The first day of the week, 1 = Sunday … 7 = Saturday. Default: 1.", valueName: "day"))
    var firstWeekday: Int?

    @Flag(help: "Stop at the first error with exit status 1 (for scripts).")
    var bail = false

    func validate() throws {
        if let now, startInstant(now) == nil {
            throw ValidationError("--now must be an instant (2026-11-24T09:00:00Z), a day (2026-11-24), a step from now (+1d, -3h, +30m) or now, not '\(now)'")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone must be an IANA time zone such as Europe/Paris, not '\(timeZone)'")
        }
        if let firstWeekday, !(1...7).contains(firstWeekday) {
            throw ValidationError("--first-weekday must be 1 (Sunday) … 7 (Saturday), not \(firstWeekday)")
        }
        if let locale, !Locale.availableIdentifiers.contains(locale.replacingOccurrences(of: "-", with: "_")) {
            throw ValidationError("--locale must be a locale identifier such as en_US or fr_FR, not '\(locale)'")
        }
    }

    func run() async throws {
        // SIGPIPE keeps its default: `viper < script | head` ends quietly, like any filter.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let environment = ProcessInfo.processInfo.environment
        let location = DatabaseLocation(argument: databasePath)
        let start = now.flatMap(startInstant) ?? Self.systemNow
        // With --now, the clocks of servers inside the engine (viper's sample server) start at
        // the same instant, so that accounts made and news read agree with the session's day.
        let catalog = try HostedApps<Host>(
            keepingDataIn: location, options: options, environment: environment, clockStart: now == nil ? nil : start)
        let engine = Engine(EngineConfiguration(apps: catalog.apps, allowsFaultInjection: enableFaultInjection))
        let client = EngineClient(engine: engine, now: start, timeZoneName: timeZone ?? Self.machineTimeZone)

        let setup = TerminalEditorSetup(
            historyFile: Self.historyFile(environment), remembers: { !REPL.carriesSecret($0, client: client) }
        ) { prefix in
            Completer(catalog: client.catalog, stack: client.stack, running: client.running.map(\.id)).candidates(for: prefix)
        }
        let editor: any LineEditor = isatty(STDIN_FILENO) == 1 ? Host.terminalEditor(setup) ?? ScriptReader(prompts: true) : ScriptReader()
        client.interrupts = editor
        let repl = REPL(
            client: client, editor: editor, style: TextStyle.forStandardOutput(environment: environment), width: Self.screenWidth(),
            bail: bail, engineOptions: (enableFaultInjection ? ["--enable-fault-injection"] : []) + options.arguments,
            databaseFile: location.file, commandName: Host.commandName,
            serverOptions: Host.Options.self == NoHostOptions.self ? nil : Host.optionsTitle)
        let status = await repl.run(locale: locale, firstWeekday: firstWeekday)
        try await catalog.close()
        if status != 0 { throw ExitCode(status) }
    }

    /// The REPL's options as its own help lists them, for `viper --help`: the REPL is what
    /// `viper` runs, and ArgumentParser shows a default subcommand's options only in its own help.
    static var optionsHelp: String {
        let help = helpMessage(columns: 76)
        guard let start = help.range(of: "OPTIONS:\n") else { return help }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("-h, --help") }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// The system clock in whole seconds, so the clock reads well in transcripts.
    private static var systemNow: Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    /// When `--now` sets the clock: the forms `clock` takes, counted from the system clock.
    private func startInstant(_ text: String) -> Date? {
        ClockChange.instant(text, from: Self.systemNow, in: TimeZone(identifier: timeZone ?? Self.machineTimeZone) ?? .gmt)
    }

    /// `$XDG_STATE_HOME/NAME/history`, else `~/.local/state/NAME/history`.
    static func historyFile(_ environment: [String: String]) -> String? {
        XDGDirectory.state.path(of: "\(Host.commandName)/history", environment: environment)
    }

    /// This machine's time zone, when it has an IANA name; else UTC.
    private static var machineTimeZone: String {
        let name = TimeZone.current.identifier
        return TimeZone(identifier: name) == nil ? "UTC" : name
    }

    /// Screens fit the terminal, between 40 and 72 columns; 64 when there is no terminal.
    private static func screenWidth() -> Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 64 }
        return min(72, max(40, Int(size.ws_col) - 1))
    }
}
