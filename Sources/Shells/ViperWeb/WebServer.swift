public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization
public import ViperCore

/// `viper serve --listen`: WebSocket sessions on one engine, many at once, and the browser
/// page that drives them, on SwiftNIO.
///
/// Sessions share only what the engine shares (the apps' databases, by workspace). Nothing one
/// client sends can hurt another: request heads are bounded in size and in time, connections
/// that are not sessions are bounded in number, frames are judged by their declared length
/// before their bytes are kept, a client that reads too slowly is cut off, and the listener
/// backs off while the process is out of file descriptors rather than failing.
public final class WebServer: Sendable {
    private let channel: any Channel
    private let registry: ConnectionRegistry
    /// The address it listens on, its port the bound one.
    public let address: ListenAddress

    /// Starts serving `engine` as `configuration` says; returns once the server listens.
    /// `logger` hears of what goes wrong with the listener (out of file descriptors).
    public static func start(engine: Engine, configuration: WebServerConfiguration, logger: Logger = Logger(label: "viper.web")) async throws -> WebServer {
        try await start(service: EngineSessions(engine: engine), configuration: configuration, logger: logger)
    }

    /// Starts serving `service` on WebSocket connections, with the page beside them.
    static func start(service: any WebSocketService, configuration: WebServerConfiguration, logger: Logger) async throws -> WebServer {
        let limits = configuration.limits
        let registry = ConnectionRegistry(maxWaiting: limits.maxWaitingConnections, maxSessions: limits.maxSessions)
        let policy = AccessPolicy(token: configuration.token, allowedOrigins: configuration.allowedOrigins)
        let devStatusFile = configuration.devStatusFile
        let outOfDescriptors = AcceptFailureLog(logger: logger)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 512)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    // While accept fails (no file descriptor left), the listener waits a second
                    // between tries instead of spinning, and serves again once some close.
                    try channel.pipeline.syncOperations.addHandlers(
                        AcceptBackoffHandler(shouldForwardIOErrorCaught: false) { error in
                            outOfDescriptors.failed(error)
                            return .seconds(1)
                        },
                        outOfDescriptors)
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: ChannelOptions.Types.WriteBufferWaterMark(low: 256 << 10, high: 1 << 20))
            .childChannelInitializer { channel in
                Self.configure(
                    channel, service: service, limits: limits, policy: policy, devStatusFile: devStatusFile, registry: registry, logger: logger)
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.address.host, port: Int(configuration.address.port)).get()
        } catch {
            throw WebServerError(
                "cannot listen on \(configuration.address): \(error). Is another server on that port? Pick another, or 0 to let the system choose")
        }
        let port = UInt16(channel.localAddress?.port ?? Int(configuration.address.port))
        return WebServer(channel: channel, registry: registry, address: ListenAddress(host: configuration.address.host, port: port))
    }

    private init(channel: any Channel, registry: ConnectionRegistry, address: ListenAddress) {
        self.channel = channel
        self.registry = registry
        self.address = address
    }

    /// A connection's pipeline: HTTP/1 with bounded heads, the page, and the upgrade to a
    /// WebSocket session at `/session` for whoever passes the access policy.
    private static func configure(
        _ channel: any Channel, service: any WebSocketService, limits: WebServerLimits, policy: AccessPolicy, devStatusFile: String?,
        registry: ConnectionRegistry, logger: Logger
    ) -> EventLoopFuture<Void> {
        // A server that stops takes no newcomer; past the limit of connections that wait, the
        // one that has waited longest makes room.
        guard registry.admit(channel) else { return channel.close() }
        let waiting = WaitingConnection(registry: registry, channel: channel)
        channel.closeFuture.whenComplete { _ in waiting.leave() }
        return channel.eventLoop.makeCompletedFuture {
            let upgrader = NIOWebSocketServerUpgrader(
                maxFrameSize: limits.maxMessageBytes, automaticErrorHandling: false,
                shouldUpgrade: { channel, head in
                    let isSession = head.uri.prefix { $0 != "?" } == PageHandler.sessionPath && RequestHeadCheck.problem(with: head) == nil
                        && policy.refusal(of: head) == nil
                    return channel.eventLoop.makeSucceededFuture(isSession ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        waiting.leave()
                        let pipeline = channel.pipeline.syncOperations
                        for name in ["deadline", "page", "errors"] { pipeline.removeHandler(name: name, promise: nil) }
                        // Frames go out encoded by the session's handler, past NIO's encoder.
                        let bypass = FrameBypass()
                        try pipeline.addHandler(bypass, position: .before(try pipeline.handler(type: WebSocketFrameEncoder.self)))
                        try pipeline.addHandler(SessionHandler(service: service, bypass: bypass, limits: limits, registry: registry, logger: logger))
                    }
                })
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldSize = limits.maxHeaderBytes
            decoderLimits.maxHeaderListSize = limits.maxHeaderBytes
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }), withErrorHandling: false,
                withOutboundHeaderValidation: true, withEncoderConfiguration: HTTPResponseEncoder.Configuration(),
                withDecoderLimitConfiguration: decoderLimits)
            try pipeline.addHandler(RequestDeadline(headTimeout: TimeAmount(limits.requestHeadTimeout)), name: "deadline")
            try pipeline.addHandler(PageHandler(policy: policy, devStatusFile: devStatusFile), name: "page")
            try pipeline.addHandler(HTTPErrorResponder(maxHeaderBytes: limits.maxHeaderBytes), name: "errors")
        }
    }

    /// The page's address.
    public var pageURL: URL { URL(string: "http://\(address)/")! }

    /// Where WebSocket clients open sessions.
    public var sessionURL: URL { URL(string: "ws://\(address)\(PageHandler.sessionPath)")! }

    /// Sessions open now.
    public var sessionCount: Int { registry.sessions.count }

    /// Stops gracefully: no new connection is taken, every session answers the request it is
    /// running and closes with 1001, and this returns once they have, or after `grace`.
    public func stop(grace: Duration = .seconds(10)) async {
        try? await channel.close()
        registry.stopAll()
        let deadline = ContinuousClock.now + grace
        while registry.hasSessions, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// The server could not start.
public struct WebServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
