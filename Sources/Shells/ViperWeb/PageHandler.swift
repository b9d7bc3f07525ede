import Foundation
import NIOCore
import NIOHTTP1

/// What the server answers over plain HTTP: the browser page and its files, refusals of
/// upgrades the access policy turns away, and clear answers elsewhere. `/session` is answered
/// here only when the request did not become a WebSocket session.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Where clients open sessions.
    static let sessionPath = "/session"

    /// Where the page asks how `dev`'s last build went.
    static let devStatusPath = "/dev-status"

    private let policy: AccessPolicy
    /// The file `dev` writes its status to, when `dev` runs this server.
    private let devStatusFile: String?
    private var request: HTTPRequestHead?

    init(policy: AccessPolicy, devStatusFile: String? = nil) {
        self.policy = policy
        self.devStatusFile = devStatusFile
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            break
        case .end:
            guard let request else { return }
            self.request = nil
            respond(to: request, context: context)
        }
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        if let problem = RequestHeadCheck.problem(with: request) {
            return send(.badRequest, problem, extra: [("Connection", "close")], to: request, context: context)
        }
        let path = String(request.uri.prefix { $0 != "?" })
        // `/session` says why it would refuse an upgrade to any method: a browser never shows
        // the page why its WebSocket was refused, so the page asks with a POST, which carries
        // the same Origin, Host and token as its upgrade.
        guard request.method == .GET || request.method == .HEAD || (path == Self.sessionPath && request.method == .POST) else {
            return send(.methodNotAllowed, "only GET is served here", extra: [("Allow", "GET, HEAD")], to: request, context: context)
        }
        if path == Self.sessionPath {
            if let refusal = policy.refusal(of: request) {
                let challenge: [(String, String)] = refusal.status == .unauthorized ? [("WWW-Authenticate", "Bearer")] : []
                return send(refusal.status, refusal.message, extra: challenge, to: request, context: context)
            }
            return send(
                .upgradeRequired, "\(Self.sessionPath) speaks WebSocket: open ws://HOST:PORT\(Self.sessionPath) with a WebSocket client",
                extra: [("Upgrade", "websocket")], to: request, context: context)
        }
        if path == Self.devStatusPath, let devStatusFile {
            // What the build said may name the package's files: only for whom sessions are.
            if let refusal = policy.refusal(of: request) { return send(refusal.status, refusal.message, to: request, context: context) }
            // A file of a few kilobytes that `dev` replaces whole: read at once, on the loop.
            let status = FileManager.default.contents(atPath: devStatusFile) ?? Data(#"{"state":"ok"}"#.utf8)
            return write(
                .ok, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(status), to: request, context: context)
        }
        guard let file = BrowserPage.file(at: path) else {
            return send(.notFound, "nothing at \(path): the page is at /, sessions at \(Self.sessionPath)", to: request, context: context)
        }
        let headers: [(String, String)] = [
            ("Content-Type", file.contentType),
            // The page and its files change with the engine: never serve a stale copy.
            ("Cache-Control", "no-cache"),
            // The page loads nothing from elsewhere, and no other site may frame it.
            ("Content-Security-Policy", "default-src 'self'; connect-src 'self'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        write(.ok, headers: headers, body: Array(file.contents), to: request, context: context)
    }

    private func send(
        _ status: HTTPResponseStatus, _ message: String, extra: [(String, String)] = [], to request: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        write(status, headers: [("Content-Type", "text/plain; charset=utf-8")] + extra, body: Array((message + "\n").utf8), to: request, context: context)
    }

    private func write(_ status: HTTPResponseStatus, headers: [(String, String)], body: [UInt8], to request: HTTPRequestHead, context: ChannelHandlerContext) {
        var fields = HTTPHeaders(headers)
        fields.add(name: "Content-Length", value: String(body.count))
        let keepAlive = request.isKeepAlive && status != .badRequest
        if !fields.contains(name: "Connection") { fields.add(name: "Connection", value: keepAlive ? "keep-alive" : "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: fields))), promise: nil)
        if request.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        let channel = context.channel
        if !keepAlive { written.whenComplete { _ in channel.close(promise: nil) } }
    }
}
