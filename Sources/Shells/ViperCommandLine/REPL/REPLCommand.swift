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
                `\(Host.commandName) test`: the REPL performs the apps' HTTP itself, so a \
                recording holds every answer they got and replays without a server. Servers the \
                apps reach inside this process read the session's clock, and move with `clock`.
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

    @OptionGroup
    var session: SessionOptions

    @Flag(help: "Stop at the first error with exit status 1 (for scripts).")
    var bail = false

    func run() async throws {
        // SIGPIPE keeps its default: `viper < script | head` ends quietly, like any filter.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let environment = ProcessInfo.processInfo.environment
        let location = DatabaseLocation(argument: databasePath)
        let start = session.start
        // Servers inside the engine (viper's sample server) read the session's clock, so that
        // accounts made, news read and forecasts agree with the session's day, and move with it.
        let catalog = try HostedApps<Host>(keepingDataIn: location, options: options, environment: environment, oneSession: true)
        let http = URLSessionHTTPClient()
        let engine = Engine(EngineConfiguration(apps: catalog.apps, allowsFaultInjection: enableFaultInjection, httpClient: http))
        // The REPL performs the apps' HTTP itself, so that a recording scripts every answer.
        let client = EngineClient(engine: engine, now: start, timeZoneName: session.timeZoneName, http: http)

        let editor = Self.editor(for: client, environment: environment)
        let repl = REPL(
            client: client, editor: editor, style: TextStyle.forStandardOutput(environment: environment), width: Self.screenWidth(),
            bail: bail, engineOptions: { (enableFaultInjection ? ["--enable-fault-injection"] : []) + options.arguments + catalog.replayArguments },
            databaseFile: location.file, commandName: Host.commandName,
            serverOptions: Host.Options.self == NoHostOptions.self ? nil : Host.optionsTitle,
            explore: { [options] app in
                try await HostExplorer<Host>(options: options, environment: environment, command: nil)
                    .explore(app: app, seed: 1, steps: 300, timeLimit: .seconds(10), now: ExploreCommand<Host>.instant(HostExplorer<Host>.defaultStart)!)
            })
        let status = await repl.run(locale: session.locale, firstWeekday: session.firstWeekday)
        try await catalog.close()
        if status != 0 { throw ExitCode(status) }
    }

    /// Where `client`'s commands come from: a person at a terminal, through the host's line
    /// editor, or a script on stdin; Ctrl-C at the terminal cancels the request that waits.
    static func editor(for client: EngineClient, environment: [String: String]) -> any LineEditor {
        // A line that may carry a secret (a password) stays out of the history, sent or refused.
        let completer = { Completer(catalog: client.catalog, stack: client.stack, running: client.running.map(\.id), viewModels: client.viewModels) }
        var setup = TerminalEditorSetup(
            historyFile: historyFile(environment), remembers: { !SecretRedactor.mayCarrySecret($0, catalog: client.catalog) }
        ) { prefix in completer().candidates(for: prefix) }
        setup.describe = { prefix in completer().descriptions(for: prefix) }
        let editor: any LineEditor = isatty(STDIN_FILENO) == 1 ? Host.terminalEditor(setup) ?? ScriptReader(prompts: true) : ScriptReader()
        client.interrupts = editor
        return editor
    }

    /// The REPL's options as its own help lists them, each group under its title (the host's
    /// own, such as SERVERS, then OPTIONS), for `viper --help`: the REPL is what `viper` runs,
    /// and ArgumentParser shows a default subcommand's options only in its own help.
    static var optionsHelp: String {
        let help = helpMessage(columns: 76)
        guard let usage = help.range(of: "USAGE:"), let groups = help[usage.upperBound...].range(of: "\n\n") else { return help }
        return help[groups.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("-h, --help") }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// `$XDG_STATE_HOME/NAME/history`, else `~/.local/state/NAME/history`.
    static func historyFile(_ environment: [String: String]) -> String? {
        XDGDirectory.state.path(of: "\(Host.commandName)/history", environment: environment)
    }

    /// Screens fit the terminal, between 40 and 72 columns; 64 when there is no terminal.
    static func screenWidth() -> Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 64 }
        return min(72, max(40, Int(size.ws_col) - 1))
    }
}
