import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
public import ViperStore

/// The sample server: the users, news, weather, flights and chat APIs that
/// `docs/sample-server.openapi.json` describes, from deterministic data, over real HTTP on Hummingbird
/// (SwiftNIO).
///
/// `viper sample-server` runs one on a port of its own; the engine starts one in its process,
/// on 127.0.0.1 and a port the system picks, when an app needs a server and no URL was given.
public final class SampleServer: Sendable {
    private let task: Task<Void, any Error>
    /// Runs the server; stopping shuts it down gracefully, never by cancelling its task: NIO
    /// traps when a cancelled server leaves a connection it accepted unserved ("Deinited
    /// NIOAsyncWriter without calling finish()"), which a client's long poll made likely.
    private let group: ServiceGroup
    private let api: SampleAPI
    /// The port it listens on.
    public let port: UInt16
    /// The address it listens on, `http://127.0.0.1:PORT`.
    public let baseURL: URL

    /// How long a connection may stay idle: chat's long polls wait up to 30 s for an answer,
    /// and a client that stops sending a request halfway is cut off after this.
    static let idleTimeout = TimeAmount.seconds(60)

    /// Starts a server on `host` and `port` (0: a port the system picks) serving from
    /// `configuration`; returns once it listens.
    public static func start(host: String = "127.0.0.1", port: UInt16 = 0, configuration: SampleServerConfiguration) async throws -> SampleServer {
        let api = SampleAPI(configuration: configuration)
        let (bound, announce) = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(
            responder: SampleResponder(router: api.router, accessKey: configuration.accessKey),
            server: .http1(configuration: .init(idleTimeout: idleTimeout)),
            configuration: .init(address: .hostname(host, port: Int(port))),
            onServerRunning: { channel in announce.yield(.success(channel.localAddress?.port ?? 0)) },
            logger: Logger(label: "viper.sample-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        let group = ServiceGroup(services: [application], logger: Logger(label: "viper.sample-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task {
            do {
                try await group.run()
            } catch {
                announce.yield(.failure(error))
                throw error
            }
            announce.finish()
        }
        for await outcome in bound {
            switch outcome {
            case .success(let port):
                let shownHost = host.contains(":") ? "[\(host)]" : host
                return SampleServer(task: task, group: group, api: api, port: UInt16(port), baseURL: URL(string: "http://\(shownHost):\(port)")!)
            case .failure(let error):
                throw SampleServerError("could not listen on \(host):\(port): \(error)")
            }
        }
        throw SampleServerError("could not listen on \(host):\(port): the server stopped before it listened")
    }

    private init(task: Task<Void, any Error>, group: ServiceGroup, api: SampleAPI, port: UInt16, baseURL: URL) {
        self.task = task
        self.group = group
        self.api = api
        self.port = port
        self.baseURL = baseURL
    }

    deinit {
        let group = group
        Task { await group.triggerGracefulShutdown() }
    }

    /// The migrations of the server's tables, for a database it shares with the apps.
    public static let migrations: [StoreMigration] = SampleStore.migrations

    /// Ends the chat's long polls, then stops listening and closes every connection.
    public func stop() async {
        await api.close()
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
