import Foundation
import SampleServer
import ViperCore
import ViperStore

/// The sample server an engine starts in its own process, on 127.0.0.1 and a port the system
/// picks, the first time a Service needs a URL that no option gave; it keeps its state in the
/// engine's database, so accounts and bookings last as long as the apps' own data.
actor EmbeddedSampleServer {
    private let database: @Sendable () throws -> any StoreBackend
    private let clock: SampleClock
    /// The secret its requests carry, when it answers only this engine (`accessHeaders`).
    private let accessKey: String?
    private var starting: Task<SampleServer, any Error>?
    private let onStart: @Sendable (URL) -> Void

    /// A server to start from `database` and `clock` when first asked for its URL; `onStart`
    /// learns the URL it got. With `accessKey`, it answers only requests carrying it
    /// (`accessHeaders`): any process of the machine reaches its port, and a served engine's
    /// `--token-file` must not be passed by reaching the apps' server instead.
    init(
        database: @escaping @Sendable () throws -> any StoreBackend, clock: SampleClock = .system, accessKey: String? = nil,
        onStart: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.database = database
        self.clock = clock
        self.accessKey = accessKey
        self.onStart = onStart
    }

    /// A server of one session, which reads the session's clock: a transcript replayed on
    /// another day sees the times it recorded (a chat reply sent "Today 09:41").
    init(database: @escaping @Sendable () throws -> any StoreBackend, session: any WallClock) {
        self.database = database
        self.clock = .reading { session.now }
        self.accessKey = nil
        self.onStart = { _ in }
    }

    /// The headers each request to it carries.
    nonisolated var accessHeaders: [String: String] {
        accessKey.map { [SampleServerConfiguration.accessKeyHeader: $0] } ?? [:]
    }

    /// The server's URL, starting it if needed; requests waiting for the start share it.
    func baseURL() async throws -> URL {
        if starting == nil {
            let database = database
            let clock = clock
            let onStart = onStart
            let accessKey = accessKey
            starting = Task {
                do {
                    let server = try await SampleServer.start(configuration: SampleServerConfiguration(store: Store(try database()), clock: clock, accessKey: accessKey))
                    onStart(server.baseURL)
                    return server
                } catch {
                    throw EmbeddedServerError(description: "the sample server inside the engine could not start: \(error)")
                }
            }
        }
        return try await starting!.value.baseURL
    }

    /// Stops the server, if it started.
    func stop() async {
        if let server = try? await starting?.value { await server.stop() }
        starting = nil
    }
}

private struct EmbeddedServerError: Error, CustomStringConvertible {
    let description: String
}
