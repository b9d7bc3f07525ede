public import struct Foundation.Data

/// What came back: any status, 4xx and 5xx included; only a request that got no answer at all
/// throws (`HTTPFailure`).
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, as the server sent it.
    public var status: Int
    /// Header names in lower case, so Services find `content-type` however the server wrote it.
    public var headers: [String: String]
    /// The body's bytes, empty when the server sent none.
    public var body: Data

    /// A response with `status`, `headers` (lower-cased here) and `body`.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }
}
