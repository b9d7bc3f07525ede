/// An HTTP request that got no response: no connection, a timeout, a transport error, or, when
/// the client performs HTTP itself, the error it answered `effect.http` with. Services turn it
/// into what their Presenters show ("the server could not be reached").
public struct HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in words a log or a message can show.
    public let message: String

    /// A failure saying `message`.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
