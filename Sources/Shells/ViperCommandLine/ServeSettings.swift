import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperWeb

/// What `serve` runs with, as plain values: read from its command line by ArgumentParser
/// (`Serve`), or, for the command lines a front end spawns, without it (`ServeFastPath`).
struct ServeSettings<Host: ViperHost> {
    /// `--db`.
    var databasePath: String?
    /// `--database`.
    var databaseURL: String?
    /// The host's own options.
    var options: Host.Options
    /// `--listen` and what goes with it; nil over stdin and stdout.
    var web: WebServerConfiguration?
    /// `--token-file`, named (never its token) in what `--listen` prints.
    var tokenFile: String?
    /// `--journal` or `--no-journal`; nil when neither was given.
    var journal: Bool?
    /// `--journal-expiry`.
    var journalExpiry: Duration
    /// `--journal-max-entries` and `--journal-max-bytes`.
    var journalLimits: JournalLimits
    /// `--max-workspaces` and `--workspace-idle`.
    var workspaceLimits: WorkspaceLimits
    /// `--enable-fault-injection`.
    var allowsFaultInjection: Bool
    /// `--log-level`.
    var logLevel: Logger.Level

    /// Serves one session over stdin and stdout until the end of input, or WebSocket sessions
    /// until the first SIGTERM or SIGINT.
    func run() async throws {
        // A View that goes away must not kill the engine with SIGPIPE; writes just fail.
        signal(SIGPIPE, SIG_IGN)
        StandardErrorLogging.bootstrap(level: logLevel)
        let environment = ProcessInfo.processInfo.environment
        var warnings: [String] = []
        let location = try DatabaseLocation(file: databasePath, database: databaseURL, environment: environment, name: Host.commandName, warnings: &warnings)
        for warning in warnings { FileHandle.standardError.write(Data("\(Host.commandName) serve: warning: \(warning)\n".utf8)) }
        // Over stdio the engine serves one session, whose clock servers inside it read; with
        // --listen, many sessions share them, and they run on the system clock.
        let catalog = try HostedApps<Host>(
            keepingDataIn: location, options: options, environment: environment, oneSession: web == nil, workspaces: workspaceLimits)
        do {
            try await catalog.prepare(logger: Logger(label: Host.commandName))
        } catch {
            throw DatabaseLocationError("cannot use the database: \(error). Check the URL and that the server is running, or pass --db for a SQLite file.")
        }
        let journals = try keepsJournals(location: location)
            ? try catalog.journals(lifetime: journalExpiry, limits: journalLimits, credential: web?.token) : nil
        let engine = Engine(EngineConfiguration(
            apps: catalog.apps, allowsFaultInjection: allowsFaultInjection, logger: Logger(label: Host.commandName), journals: journals,
            workspaces: catalog.admission))
        if let web {
            try await serveWebSockets(engine: engine, configuration: web)
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

    /// Whether sessions keep journals: asked for, or by default on PostgreSQL when listening.
    private func keepsJournals(location: DatabaseLocation) throws -> Bool {
        if journal == true, web == nil {
            throw ValidationError("--journal goes with --listen: over stdin and stdout, a session ends with its View and its process, and nothing could resume it")
        }
        if case .postgres = location { return journal ?? (web != nil) }
        return journal ?? false
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
        let token = tokenFile.map { "?token=TOKEN (TOKEN: the first line of \($0))" } ?? ""
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
