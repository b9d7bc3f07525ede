/// The engine went away before it answered.
public struct ConnectionClosed: Error, Sendable, CustomStringConvertible {
    public let description: String
}
