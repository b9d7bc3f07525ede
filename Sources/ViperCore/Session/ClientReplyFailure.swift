/// The client answered one of the engine's requests with an error, or can no longer answer.
public struct ClientReplyFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the client's words or the engine's.
    public let message: String

    public var description: String { message }
}
