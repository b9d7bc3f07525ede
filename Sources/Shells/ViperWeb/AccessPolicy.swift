import FlyingFox
import Foundation

/// Who may open a session: the checks an upgrade request passes before any session exists.
///
/// - With a token, every upgrade carries it, as `Authorization: Bearer TOKEN` or, since a
///   browser's WebSocket cannot set headers, as `?token=TOKEN`.
/// - A browser says which page opened the connection (`Origin`); only the server's own page,
///   and origins allowed by name, are let in, so a page on another site cannot drive the apps
///   with the user's data (cross-site WebSocket hijacking).
/// - Without a token, the server listens on loopback only and the `Host` a browser sends must
///   name loopback too: a site whose name was made to point at 127.0.0.1 (DNS rebinding) would
///   otherwise count as the server's own page.
struct AccessPolicy: Sendable {
    /// The secret every upgrade carries; nil when none is needed (loopback).
    let token: String?
    /// Browser origins let in besides the server's own page, such as `http://localhost:5173`.
    let allowedOrigins: Set<String>

    /// Why `request` may not open a session, or nil when it may.
    func refusal(of request: HTTPRequest) -> Refusal? {
        if let token {
            let presented = request.headers[.authorization].flatMap(Self.bearerToken) ?? request.query["token"]
            guard let presented, Self.constantTimeEqual(presented, token) else {
                return Refusal(
                    status: .unauthorized,
                    message: "this server needs its token: send 'Authorization: Bearer TOKEN' or add '?token=TOKEN' to the URL (the token is in the file given to --token-file)")
            }
        }
        let host = request.headers[.host] ?? ""
        if token == nil, !Self.isLoopbackHost(host) {
            return Refusal(
                status: .forbidden,
                message: "'\(host)' is not this machine's loopback name: connect to 127.0.0.1, localhost or [::1], or start the server with --token-file")
        }
        // The page's own origin is `http://` and the host it asked for, or `https://` when a TLS
        // proxy serves it.
        if let origin = request.headers[HTTPHeader("Origin")], origin != "http://\(host)", origin != "https://\(host)",
            !allowedOrigins.contains(origin)
        {
            return Refusal(
                status: .forbidden,
                message: "pages from \(origin) may not open sessions here; only this server's own page may, and origins given with --allow-origin")
        }
        return nil
    }

    struct Refusal: Equatable {
        let status: HTTPStatusCode
        let message: String

        var response: HTTPResponse {
            var headers: [HTTPHeader: String] = [.contentType: "text/plain; charset=utf-8"]
            if status == .unauthorized { headers[HTTPHeader("WWW-Authenticate")] = "Bearer" }
            return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: Data((message + "\n").utf8))
        }
    }

    private static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// Whether `host` (a `Host` header, with or without its port) is a name of this machine.
    static func isLoopbackHost(_ host: String) -> Bool {
        let name: Substring
        if host.hasPrefix("[") {
            name = host.dropFirst().prefix { $0 != "]" }
        } else {
            name = host.prefix { $0 != ":" }
        }
        return name == "localhost" || name.hasPrefix("127.") || name == "::1"
    }

    /// Compares without stopping at the first difference, so that response times do not tell
    /// an attacker how much of a guess was right.
    private static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8), right = Array(right.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
