public import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A real HTTP server on 127.0.0.1 at a port the system picks, for tests of what goes out over
/// HTTP: the engine's URLSession client, and the apps' Services. Hummingbird underneath, as the
/// sample server.
public final class LoopbackServer: Sendable {
    /// A request as a route sees it.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header values by lowercased name.
        public let headers: [String: String]
        public let body: Data
    }

    /// What a route answers.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// What a route answers.
    public typealias Handler = @Sendable (Request) async throws -> Response

    private let task: Task<Void, any Error>
    /// Runs the server; it stops gracefully, never by cancelling its task, which NIO answers
    /// with a trap when a connection it accepted is left unserved.
    private let group: ServiceGroup
    /// The port it listens on.
    public let port: UInt16

    /// Starts a server answering `routes` (`"GET /news"`); other requests get 404.
    public static func start(_ routes: [(route: String, handler: Handler)]) async throws -> LoopbackServer {
        let table = Dictionary(routes.map { ($0.route, $0.handler) }, uniquingKeysWith: { first, _ in first })
        let (bound, announce) = AsyncStream<Int>.makeStream()
        let application = Application(
            responder: Responder(routes: table), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "loopback", factory: { _ in SwiftLogNoOpLogHandler() }))
        let group = ServiceGroup(services: [application], logger: Logger(label: "loopback", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task {
            defer { announce.finish() }
            try await group.run()
        }
        for await port in bound { return LoopbackServer(task: task, group: group, port: UInt16(port)) }
        throw LoopbackServerError(description: "the loopback server did not start")
    }

    private init(task: Task<Void, any Error>, group: ServiceGroup, port: UInt16) {
        self.task = task
        self.group = group
        self.port = port
    }

    deinit {
        let group = group
        Task { await group.triggerGracefulShutdown() }
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops listening and closes its connections.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    private struct Responder: HTTPResponder {
        typealias Context = BasicRequestContext
        let routes: [String: Handler]

        func respond(to request: Hummingbird.Request, context: BasicRequestContext) async throws -> Hummingbird.Response {
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let body = try await request.body.collect(upTo: 1 << 20)
            guard let handler = routes["\(request.method.rawValue) \(request.uri.path)"] else {
                return Hummingbird.Response(status: .notFound)
            }
            let answer = try await handler(Request(method: request.method.rawValue, path: request.uri.path, headers: headers, body: Data(body.readableBytesView)))
            var fields = HTTPFields()
            for (name, value) in answer.headers {
                if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
            }
            return Hummingbird.Response(
                status: HTTPResponse.Status(code: answer.status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
    }
}

/// The loopback server could not start.
public struct LoopbackServerError: Error, CustomStringConvertible {
    public let description: String
}
