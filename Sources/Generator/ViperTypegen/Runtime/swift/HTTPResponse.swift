/// The answer to an `HTTPRequest`: any status is an answer, 404 and 500 too.
public struct HTTPResponse: Encodable, Sendable {
    /// 100 to 599.
    public var status: Int
    /// Header names to values.
    public var headers: [String: String]
    /// The body as text; `bodyBase64` instead for bytes. No body is an empty one.
    public var body: String?
    /// Instead of `body`, a body that is not UTF-8, in base64.
    public var bodyBase64: String?

    /// An answer with `status`, and headers and a body when given.
    public init(status: Int, headers: [String: String] = [:], body: String? = nil, bodyBase64: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyBase64 = bodyBase64
    }
}
