import Foundation

/// An HTTP request the engine asks the client to perform (`effect.http`, protocol.md §6).
public struct HTTPRequest: Decodable, Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The absolute URL.
    public let url: String
    /// Header names to values, as the service set them.
    public let headers: [String: String]
    /// The body as text, or nil for none.
    public let body: String?
    /// Instead of `body`, a body that is not UTF-8, in base64.
    public let bodyBase64: String?
}
