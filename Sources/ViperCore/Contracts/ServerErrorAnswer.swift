/// An error answer of one of an app's servers that the app shows in a way of its own (Flights'
/// sold-out alert), beside the failures any request can meet (no connection, a `500`).
///
/// A server gives some of these only when the world outside moved (another booking took the
/// seats), which no single session can bring about. An app declares them
/// (`ViperApp.serverErrors`) so that `viper explore`, the View performing the app's HTTP, can
/// answer a matching request with one now and then and reach what the app shows for it.
public struct ServerErrorAnswer: Sendable, Equatable {
    /// The request's method: `POST`.
    public let method: String
    /// The request URL's path, exactly: `/v1/bookings`.
    public let path: String
    /// The answer's status: `409`.
    public let status: Int
    /// The answer's body, JSON text: `{"error":"soldOut","message":"…"}`.
    public let body: String

    /// The answer `status` with `body` to `method` on `path`.
    public init(method: String, path: String, status: Int, body: String) {
        self.method = method
        self.path = path
        self.status = status
        self.body = body
    }
}
