public import struct Foundation.Data
public import struct Foundation.URL

/// A request a Service makes through the engine's HTTP port.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// Where the request goes, query included.
    public var url: URL
    /// Header names as the Service spells them; the port sends them as they are.
    public var headers: [String: String]
    /// The bytes to send, or nil for a request without a body.
    public var body: Data?

    /// A request of `method` to `url`.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
