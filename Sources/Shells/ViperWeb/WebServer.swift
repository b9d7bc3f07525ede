import HTTPListener
import FlyingFox
import FlyingSocks
import Foundation
public import ViperCore

/// `viper serve --listen`: WebSocket sessions on one engine, many at once, and the browser
/// page that drives them, over FlyingFox.
///
/// Sessions share only what the engine shares (the apps' databases, by workspace). Each
/// connection reads and writes in tasks of its own, so a slow or misbehaving client never
/// stalls another.
public final class WebServer: Sendable {
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let slots: SessionSlots
    /// The address it listens on, its port the bound one.
    public let address: ListenAddress

    /// Starts serving `engine` as `configuration` says; returns once the server listens.
    public static func start(engine: Engine, configuration: WebServerConfiguration) async throws -> WebServer {
        let requested = configuration.address
        let socketAddress: any SocketAddress
        do {
            socketAddress = requested.host.contains(":")
                ? try sockaddr_in6.inet6(ip6: requested.host, port: requested.port)
                : try sockaddr_in.inet(ip4: requested.host, port: requested.port)
        } catch {
            throw WebServerError("'\(requested.host)' is not an IP address to listen on; use 127.0.0.1, ::1, or an address of this machine")
        }
        let slots = SessionSlots(capacity: configuration.limits.maxSessions)
        let routes = WebRoutes(
            engine: engine, policy: AccessPolicy(token: configuration.token, allowedOrigins: configuration.allowedOrigins),
            limits: configuration.limits, slots: slots)
        // The timeout bounds one HTTP request's handling; a WebSocket, once upgraded, is not
        // subject to it and may stay idle for as long as its client likes.
        let server = HTTPServer(listeningOn: socketAddress, timeout: 30, handler: routes)
        let running: RunningHTTPServer
        do {
            running = try await RunningHTTPServer.start(server)
        } catch {
            throw WebServerError("cannot listen on \(requested): \(error). Is another server on that port? Pick another, or 0 to let the system choose")
        }
        return WebServer(server: server, task: running.task, slots: slots, address: ListenAddress(host: requested.host, port: running.port))
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, slots: SessionSlots, address: ListenAddress) {
        self.server = server
        self.task = task
        self.slots = slots
        self.address = address
    }

    deinit {
        task.cancel()
    }

    /// The page's address.
    public var pageURL: URL { URL(string: "http://\(address)/")! }

    /// Where WebSocket clients open sessions.
    public var sessionURL: URL { URL(string: "ws://\(address)\(WebRoutes.sessionPath)")! }

    /// Sessions open now.
    public var sessionCount: Int { slots.count }

    /// Stops listening and closes every connection; their sessions end as when a client leaves.
    public func stop() async {
        await server.stop(timeout: 0)
    }
}

/// The server could not start.
public struct WebServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
