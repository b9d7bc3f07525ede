import FlyingFox
import Foundation
import ViperCore

/// What the server answers: the browser page and its files, and WebSocket sessions at
/// `/session` for whoever passes the access policy.
struct WebRoutes: HTTPHandler {
    /// Where clients open sessions.
    static let sessionPath = "/session"

    let engine: Engine
    let policy: AccessPolicy
    let limits: WebServerLimits
    let slots: SessionSlots

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.text(.methodNotAllowed, "only GET is served here", headers: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        if request.path == Self.sessionPath {
            if let refusal = policy.refusal(of: request) { return refusal.response }
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                return Self.text(.upgradeRequired, "\(Self.sessionPath) speaks WebSocket: open ws://HOST:PORT\(Self.sessionPath) with a WebSocket client", headers: [.upgrade: "websocket"])
            }
            return try await WebSocketHTTPHandler(handler: SessionSocket(engine: engine, limits: limits, slots: slots)).handleRequest(request)
        }
        guard let file = BrowserPage.file(at: request.path) else {
            return Self.text(.notFound, "nothing at \(request.path): the page is at /, sessions at \(Self.sessionPath)")
        }
        return FlyingFox.HTTPResponse(
            statusCode: .ok,
            headers: HTTPHeaders([
                .contentType: file.contentType,
                // The page and its files change with the engine: never serve a stale copy.
                HTTPHeader("Cache-Control"): "no-cache",
                // The page loads nothing from elsewhere, and no other site may frame it.
                HTTPHeader("Content-Security-Policy"): "default-src 'self'; connect-src 'self'; frame-ancestors 'none'",
                HTTPHeader("X-Content-Type-Options"): "nosniff",
            ]),
            body: request.method == .HEAD ? Data() : file.contents)
    }

    private static func text(_ status: HTTPStatusCode, _ message: String, headers: [HTTPHeader: String] = [:]) -> FlyingFox.HTTPResponse {
        FlyingFox.HTTPResponse(
            statusCode: status, headers: HTTPHeaders(headers.merging([.contentType: "text/plain; charset=utf-8"]) { kept, _ in kept }),
            body: Data((message + "\n").utf8))
    }
}
