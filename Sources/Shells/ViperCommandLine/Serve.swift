import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperWeb

/// `serve`: one session over stdin and stdout, or WebSocket sessions (`--listen`).
struct Serve<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve",
            abstract: "Speak the JSON-RPC protocol over stdin and stdout, or to WebSocket clients and a browser page (--listen).",
            discussion: """
                Reads one JSON-RPC 2.0 request per line from stdin and writes responses and \
                notifications, one per line, to stdout; logs go to stderr. Exits 0 at the end of \
                input, or at SIGTERM or SIGINT once the request in progress is answered (a second \
                signal exits at once). protocol.md describes every method.

                With --listen, serves WebSocket sessions instead, one per connection, many at \
                once, each text frame one message, and at / a browser page that drives every \
                hosted app; it runs until SIGTERM or SIGINT.

                Examples, each a line to paste into a shell:
                  echo '{"jsonrpc":"2.0","id":1,"method":"initialize"}' | \(Host.commandName) serve
                  \(Host.commandName) serve --listen 8080   # then open http://127.0.0.1:8080/
                """
        )
    }

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The SQLite file that keeps the apps' data, created with its folder if missing; ':memory:' keeps nothing.",
            discussion: "Default: $XDG_DATA_HOME/\(Host.commandName)/\(Host.commandName).sqlite, or ~/.local/share/\(Host.commandName)/\(Host.commandName).sqlite.",
            valueName: "path"))
    var databasePath: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database that keeps the apps' data, shared by every process given the same URL.",
            discussion: "postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-ca|verify-full]. The password, as libpq finds it: PGPASSWORD, or a password file (~/.pgpass, or the one PGPASSFILE names; the user's alone); one in this URL is visible to every user of the machine (ps), and viper warns. VIPER_DATABASE_URL gives the whole URL when neither --db nor --database does. Each workspace is a schema of its own; the user needs the right to create schemas. docs/deploy.md shows a deployment.",
            valueName: "url"))
    var databaseURL: String?

    @OptionGroup(title: Host.optionsTitle)
    var options: Host.Options

    @OptionGroup(title: "WebSocket sessions and the browser page")
    var web: ListenOptions

    @OptionGroup(title: "Resuming WebSocket sessions")
    var journal: JournalOptions

    @OptionGroup(title: "Workspaces")
    var workspaces: WorkspaceOptions

    @Flag(help: "Add the debug.injectFault method, so tests can make operations fail on purpose.")
    var enableFaultInjection = false

    @Option(help: "How much to log on stderr.")
    var logLevel: Logger.Level = .warning

    func run() async throws {
        // A View that goes away must not kill the engine with SIGPIPE; writes just fail.
        signal(SIGPIPE, SIG_IGN)
        StandardErrorLogging.bootstrap(level: logLevel)
        let environment = ProcessInfo.processInfo.environment
        var warnings: [String] = []
        let location = try DatabaseLocation(file: databasePath, database: databaseURL, environment: environment, name: Host.commandName, warnings: &warnings)
        for warning in warnings { FileHandle.standardError.write(Data("\(Host.commandName) serve: warning: \(warning)\n".utf8)) }
        let configuration = try web.configuration()
        // Over stdio the engine serves one session, whose clock servers inside it read; with
        // --listen, many sessions share them, and they run on the system clock.
        let catalog = try HostedApps<Host>(
            keepingDataIn: location, options: options, environment: environment, oneSession: configuration == nil, workspaces: workspaces.limits)
        do {
            try await catalog.prepare(logger: Logger(label: Host.commandName))
        } catch {
            throw DatabaseLocationError("cannot use the database: \(error). Check the URL and that the server is running, or pass --db for a SQLite file.")
        }
        let journals = try journal.keepsJournals(listening: configuration != nil, location: location)
            ? try catalog.journals(lifetime: journal.journalExpiry.duration, limits: journal.limits, credential: configuration?.token) : nil
        let engine = Engine(EngineConfiguration(
            apps: catalog.apps, allowsFaultInjection: enableFaultInjection, logger: Logger(label: Host.commandName), journals: journals,
            workspaces: catalog.admission))
        if let configuration {
            try await serveWebSockets(engine: engine, configuration: configuration)
            try await catalog.close()
            return
        }
        if isatty(STDIN_FILENO) == 1 {
            // Someone typing at `serve` would otherwise see nothing and think it hung.
            FileHandle.standardError.write(Data(Self.terminalHint.utf8))
        }
        let output = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
        let signals = try TerminationSignals.install(output: output)
        await StdioServer.run(engine.makeSession(output: output), input: STDIN_FILENO, output: output, signals: signals)
        try await catalog.close()
    }

    /// Serves `engine`'s sessions over WebSocket until the first SIGTERM or SIGINT; then the
    /// listener closes, the requests running are answered, and every session is closed with
    /// 1001. A second signal exits at once (TerminationSignals).
    private func serveWebSockets(engine: Engine, configuration: WebServerConfiguration) async throws {
        let files = OpenFileLimit.raiseToHardLimit()
        let sessions = configuration.limits.maxSessions
        if files < OpenFileLimit.needed(forSessions: sessions) {
            // Past the limit, the system refuses connections before viper can say why.
            FileHandle.standardError.write(Data("""
                \(Host.commandName) serve: warning: --max-sessions \(sessions) needs about \(OpenFileLimit.needed(forSessions: sessions)) open files, but this process may open \(files) (ulimit -n); raise the limit, or lower --max-sessions.

                """.utf8))
        }
        let server = try await WebServer.start(engine: engine, configuration: configuration)
        // The token itself stays out of what is printed: stderr ends up in logs (journald).
        let token = web.tokenFile.map { "?token=TOKEN (TOKEN: the first line of \($0))" } ?? ""
        FileHandle.standardError.write(Data("""
            \(Host.commandName) serve: open \(server.pageURL)\(token) in a browser; WebSocket clients connect to \(server.sessionURL) (protocol.md). Ctrl-C stops.

            """.utf8))
        let signals = try TerminationSignals.install(output: FileDescriptorSink(fileDescriptor: STDOUT_FILENO))
        await signals.stopRequested()
        await server.stop()
    }

    /// What a person at a terminal reads on stderr when `serve` starts.
    static var terminalHint: String {
        #"""
        \#(Host.commandName) serve: reading JSON-RPC requests from stdin, one per line (protocol.md), e.g. {"jsonrpc":"2.0","id":1,"method":"initialize"}. Ctrl-D leaves. To explore by hand, run \#(Host.commandName) alone: the REPL.

        """#
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
