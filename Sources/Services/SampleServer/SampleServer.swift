import HTTPListener
import FlyingFox
import FlyingSocks
import Foundation
public import ViperStore

/// The sample server: the users, news, weather, flights and chat APIs of
/// `contracts/sample-services.md`, from deterministic data, over real HTTP on FlyingFox.
///
/// `viper sample-server` runs one on a port of its own; the engine starts one in its process,
/// on 127.0.0.1 and a port the system picks, when an app needs a server and no URL was given.
public final class SampleServer: Sendable {
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let api: SampleAPI
    /// The port it listens on.
    public let port: UInt16
    /// The address it listens on, `http://127.0.0.1:PORT`.
    public let baseURL: URL

    /// Starts a server on `host` and `port` (0: a port the system picks) serving from
    /// `configuration`; returns once it listens.
    public static func start(host: String = "127.0.0.1", port: UInt16 = 0, configuration: SampleServerConfiguration) async throws -> SampleServer {
        let api = SampleAPI(configuration: configuration)
        let address: any SocketAddress = host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        // Chat's long polls wait up to 30 s between bytes; the timeout is for a client that
        // stops sending a request halfway.
        let server = HTTPServer(listeningOn: address, timeout: 60)
        let router = api.router
        await server.appendRoute("*") { request in
            let response = await router.respond(to: try await SampleRequest(request, limit: SampleRouter.maximumBodyBytes))
            return response.flyingFoxResponse
        }
        let running: RunningHTTPServer
        do {
            running = try await RunningHTTPServer.start(server)
        } catch {
            throw SampleServerError("could not listen on \(host):\(port): \(error)")
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return SampleServer(server: server, task: running.task, api: api, port: running.port, baseURL: URL(string: "http://\(shownHost):\(running.port)")!)
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, api: SampleAPI, port: UInt16, baseURL: URL) {
        self.server = server
        self.task = task
        self.api = api
        self.port = port
        self.baseURL = baseURL
    }

    deinit {
        task.cancel()
    }

    /// The migrations of the server's tables, for a database it shares with the apps.
    public static let migrations: [StoreMigration] = SampleStore.migrations

    /// Stops listening, ends the chat's long polls and closes every connection.
    public func stop() async {
        await api.chat.close()
        await server.stop(timeout: 0)
        task.cancel()
    }
}
