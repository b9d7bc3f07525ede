import ArgumentParser
import Foundation
import Logging
import TodoApp
import ViperCore

/// `viper serve`: one session over stdin and stdout.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak the JSON-RPC protocol over stdin and stdout.",
        discussion: """
            Reads one JSON-RPC 2.0 request per line from stdin and writes responses and \
            notifications, one per line, to stdout; logs go to stderr. Exits 0 at the end of \
            input, or at SIGTERM or SIGINT once the request in progress is answered (a second \
            signal exits at once). protocol.md describes every method.

            Example:
              echo '{"jsonrpc":"2.0","id":1,"method":"initialize"}' | viper serve --db :memory:
            """
    )

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The SQLite file that keeps the apps' data, created with its folder if missing; ':memory:' keeps nothing.",
            discussion: "Default: $XDG_DATA_HOME/viper/viper.sqlite, or ~/.local/share/viper/viper.sqlite.",
            valueName: "path"))
    var databasePath: String?

    @OptionGroup(title: "Servers")
    var services: ServiceOptions

    @Flag(help: "Add the debug.injectFault method, so tests can make operations fail on purpose.")
    var enableFaultInjection = false

    @Option(help: "How much to log on stderr.")
    var logLevel: Logger.Level = .warning

    func run() async throws {
        // A View that goes away must not kill the engine with SIGPIPE; writes just fail.
        signal(SIGPIPE, SIG_IGN)
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let location = try DatabaseLocation(argument: databasePath, environment: ProcessInfo.processInfo.environment)
        let catalog = try AppCatalog(keepingDataIn: location, services: services, environment: ProcessInfo.processInfo.environment)
        let engine = Engine(EngineConfiguration(
            apps: catalog.apps, allowsFaultInjection: enableFaultInjection, logger: Logger(label: "viper")))
        if isatty(STDIN_FILENO) == 1 {
            // Someone typing at `viper serve` would otherwise see nothing and think it hung.
            FileHandle.standardError.write(Data(Self.terminalHint.utf8))
        }
        let output = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
        let signals = try TerminationSignals.install(output: output)
        await StdioServer.run(engine.makeSession(output: output), input: STDIN_FILENO, output: output, signals: signals)
        try await catalog.close()
    }

    /// What a person at a terminal reads on stderr when `viper serve` starts.
    static let terminalHint = #"""
        viper serve: reading JSON-RPC requests from stdin, one per line (protocol.md), e.g. {"jsonrpc":"2.0","id":1,"method":"initialize"}. Ctrl-D leaves. To explore by hand, run viper alone: the REPL.

        """#
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
