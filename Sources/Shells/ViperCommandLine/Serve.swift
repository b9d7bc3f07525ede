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
        try await settings().run()
    }

    /// What this command line asks for, as `ServeSettings`; reads the token file.
    func settings() throws -> ServeSettings<Host> {
        ServeSettings(
            databasePath: databasePath, databaseURL: databaseURL, options: options, web: try web.configuration(), tokenFile: web.tokenFile,
            journal: journal.journal, journalExpiry: journal.journalExpiry.duration, journalLimits: journal.limits,
            workspaceLimits: workspaces.limits, allowsFaultInjection: enableFaultInjection, logLevel: logLevel)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
