public import FlyingFox
import HTTPListener
import FlyingSocks
import Foundation

/// A real HTTP server on 127.0.0.1 at a port the system picks, for tests of what goes out over
/// HTTP: the engine's URLSession client, and the apps' Services.
public final class LoopbackServer: Sendable {
    /// What a route answers.
    public typealias Handler = @Sendable (FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    /// The port it listens on.
    public let port: UInt16

    /// Starts a server answering `routes` (`"GET /news"`, `"POST /users/*"`); other requests get
    /// 404.
    public static func start(_ routes: [(route: String, handler: Handler)]) async throws -> LoopbackServer {
        let server = HTTPServer(listeningOn: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 5)
        for (route, handler) in routes {
            await server.appendRoute(HTTPRoute(stringLiteral: route), handler: handler)
        }
        let running = try await RunningHTTPServer.start(server)
        return LoopbackServer(server: server, task: running.task, port: running.port)
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
        self.server = server
        self.task = task
        self.port = port
    }

    deinit {
        task.cancel()
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops listening and closes its connections.
    public func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

/// The loopback server could not start.
public struct LoopbackServerError: Error, CustomStringConvertible {
    public let description: String
}
