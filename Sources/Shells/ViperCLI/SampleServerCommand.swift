import ArgumentParser
import Foundation
import SampleServer
import ViperCore
import ViperCommandLine
import ViperStore

/// `viper sample-server`: the APIs the apps talk to, on a port of their own.
struct SampleServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-server",
        abstract: "Serve the users, news, weather, flights and chat APIs the apps use, from deterministic data.",
        discussion: """
            The same server the engine starts inside itself when an app needs one and no URL was \
            given (--api-url and the others), here on a port of its own: to point several engines \
            at one server, to try the APIs with curl, or to see what the apps send. \
            docs/sample-server.openapi.json describes every endpoint; GET / lists them. It logs \
            nothing, passwords included. Ctrl-C stops it.

            Examples:
              viper sample-server --port 8080
              curl -s 'http://127.0.0.1:8080/v2/top-headlines?country=us&pageSize=2'
              viper --api-url http://127.0.0.1:8080
            """
    )

    @Option(help: "The port to listen on; 0 lets the system pick one (the line printed at start says which).")
    var port: UInt16 = 8080

    @Option(help: "The address to listen on. 127.0.0.1 keeps the server to this machine.")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp("The SQLite file that keeps users, sign-ins, bookings and chat messages; ':memory:' keeps nothing.", valueName: "path"))
    var databasePath = ":memory:"

    @Option(help: ArgumentHelp(
        "Start the server's clock at this instant (RFC 3339, e.g. 2026-11-23T09:00:00Z); it runs on from there. News ages, forecasts and flights follow it.",
        valueName: "instant"))
    var now: String?

    @Flag(help: "Refuse news requests without an API key, as NewsAPI does (any non-empty key is accepted).")
    var requireAPIKey = false

    func validate() throws {
        if let now, Instant.parse(now) == nil {
            throw ValidationError("--now must be an RFC 3339 instant such as 2026-11-23T09:00:00Z, not '\(now)'")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let location = DatabaseLocation(argument: databasePath)
        let database = try location.open(migrations: SampleServer.migrations)
        let clock = now.flatMap(Instant.parse).map(SampleClock.starting(at:)) ?? .system
        let server: SampleServer
        do {
            server = try await SampleServer.start(
                host: host, port: port,
                configuration: SampleServerConfiguration(store: Store(database), clock: clock, requiresAPIKey: requireAPIKey))
        } catch {
            throw ValidationError("\(error). Choose another --port, or 0 for any free one.")
        }
        FileHandle.standardOutput.write(Data("viper sample-server: listening on \(server.baseURL.absoluteString) (Ctrl-C stops)\n".utf8))
        await Self.waitForTermination()
        await server.stop()
        try await database.close()
    }

    /// Returns at SIGINT or SIGTERM.
    private static func waitForTermination() async {
        let signals = AsyncStream<Void> { continuation in
            let sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number)
                source.setEventHandler { continuation.yield() }
                source.resume()
                return source
            }
            // Dispatch sources are thread-safe; they are not marked Sendable.
            nonisolated(unsafe) let kept = sources
            continuation.onTermination = { _ in kept.forEach { $0.cancel() } }
        }
        for await _ in signals { return }
    }
}
