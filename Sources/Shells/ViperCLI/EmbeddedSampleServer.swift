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
    private var starting: Task<SampleServer, any Error>?
    private let onStart: @Sendable (URL) -> Void

    /// A server to start from `database` and `clock` when first asked for its URL; `onStart`
    /// learns the URL it got.
    init(database: @escaping @Sendable () throws -> any StoreBackend, clock: SampleClock = .system, onStart: @escaping @Sendable (URL) -> Void = { _ in }) {
        self.database = database
        self.clock = clock
        self.onStart = onStart
    }

    /// A server of one session, which reads the session's clock: a transcript replayed on
    /// another day sees the times it recorded (a chat reply sent "Today 09:41").
    init(database: @escaping @Sendable () throws -> any StoreBackend, session: any WallClock) {
        self.database = database
        self.clock = .reading { session.now }
        self.onStart = { _ in }
    }

    /// The server's URL, starting it if needed; requests waiting for the start share it.
    func baseURL() async throws -> URL {
        if starting == nil {
            let database = database
            let clock = clock
            let onStart = onStart
            starting = Task {
                do {
                    let server = try await SampleServer.start(configuration: SampleServerConfiguration(store: Store(try database()), clock: clock))
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
