import Foundation
import NIOHTTP1

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

    /// Why the upgrade `request` may not open a session, or nil when it may.
    func refusal(of request: HTTPRequestHead) -> Refusal? {
        if let token {
            let presented = request.headers.first(name: "Authorization").flatMap(Self.bearerToken) ?? Self.queryToken(in: request.uri)
            guard let presented, Self.constantTimeEqual(presented, token) else {
                return Refusal(
                    status: .unauthorized,
                    message: "this server needs its token: send 'Authorization: Bearer TOKEN' or add '?token=TOKEN' to the URL (the token is in the file given to --token-file)")
            }
        }
        let host = request.headers.first(name: "Host") ?? ""
        if token == nil, !Self.isLoopbackHost(host) {
            return Refusal(
                status: .forbidden,
                message: "'\(host)' is not this machine's loopback name: connect to 127.0.0.1, localhost or [::1], or start the server with --token-file")
        }
        // The page's own origin is `http://` and the host it asked for, or `https://` when a TLS
        // proxy serves it.
        if let origin = request.headers.first(name: "Origin"), origin != "http://\(host)", origin != "https://\(host)",
            !allowedOrigins.contains(origin)
        {
            return Refusal(
                status: .forbidden,
                message: "pages from \(origin) may not open sessions here: this server's own page is http://\(host) (the Host its request named; a proxy in front must pass on the Host the browser asked for, port included: $http_host in nginx), and --allow-origin names no other")
        }
        return nil
    }

    /// Why an upgrade is refused: the status and what the body says.
    struct Refusal: Equatable, Sendable {
        let status: HTTPResponseStatus
        let message: String
    }

    private static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The `token` of a request target's query, percent-decoded.
    private static func queryToken(in uri: String) -> String? {
        guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == "token" { return String(parts[1]).removingPercentEncoding }
        }
        return nil
    }

    /// Whether `host` (a `Host` header, with or without its port) names this machine's loopback:
    /// an IPv4 literal in 127.0.0.0/8 (four decimal parts), `localhost`, or `[::1]`; nothing else,
    /// so that `127.attacker.example` is a name like any other.
    static func isLoopbackHost(_ host: String) -> Bool {
        let name: Substring
        let rest: Substring
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            name = host[host.index(after: host.startIndex)..<end]
            rest = host[host.index(after: end)...]
            guard name == "::1" else { return false }
        } else {
            let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = parts[0]
            rest = parts.count == 2 ? ":" + parts[1] : ""
            guard name.lowercased() == "localhost" || isLoopbackIPv4(name) else { return false }
        }
        // Nothing after the name but a port.
        guard !rest.isEmpty else { return true }
        return rest.first == ":" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isASCII) && UInt16(rest.dropFirst()) != nil
    }

    /// `127.d.d.d`, each part a decimal number from 0 to 255.
    private static func isLoopbackIPv4(_ name: Substring) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        let numbers = parts.map { part -> Int? in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part).flatMap { $0 <= 255 ? $0 : nil }
        }
        return numbers.allSatisfy { $0 != nil } && numbers[0] == 127
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
