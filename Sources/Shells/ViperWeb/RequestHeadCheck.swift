import Foundation
import NIOHTTP1

/// What makes a request head one this server refuses with 400 before looking further: it speaks
/// HTTP/1.1 only; a request names its host once (RFC 9112 §3.2) and its origin at most once, since
/// two would let a proxy and this server read different ones; and an upgrade to WebSocket is a
/// GET carrying one key of 16 bytes in base64 (RFC 6455 §4.1).
enum RequestHeadCheck {
    /// Why `head` is refused, or nil when it is not.
    static func problem(with head: HTTPRequestHead) -> String? {
        guard head.version == .http1_1 else {
            return "this server speaks HTTP/1.1, not HTTP/\(head.version.major).\(head.version.minor)"
        }
        let hosts = head.headers["Host"].count
        guard hosts == 1 else { return "a request carries exactly one Host header, and this one has \(hosts)" }
        let origins = head.headers["Origin"].count
        guard origins <= 1 else { return "a request carries at most one Origin header, and this one has \(origins)" }
        guard isUpgrade(head) else { return nil }
        guard head.method == .GET else { return "a WebSocket upgrade is a GET, not a \(head.method.rawValue)" }
        let keys = head.headers["Sec-WebSocket-Key"]
        guard keys.count == 1, let key = keys.first, let bytes = Data(base64Encoded: key.trimmingCharacters(in: .whitespaces)), bytes.count == 16
        else { return "a WebSocket upgrade carries one Sec-WebSocket-Key: 16 random bytes in base64 (24 characters)" }
        return nil
    }

    /// Whether `head` asks to become a WebSocket.
    static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers["Upgrade"].contains { $0.lowercased().contains("websocket") }
    }
}
