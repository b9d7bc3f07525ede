/// A request the engine refused: its error, and the method it answered.
public struct ViperError: Error, Sendable, CustomStringConvertible {
    /// The error the engine answered.
    public let error: ProtocolError
    /// The method it refused.
    public let method: String

    /// The JSON-RPC code (`ErrorCode`).
    public var code: Int { error.code }
    /// The stable name of the error (`unknownScene`, `cancelled`, …).
    public var kind: String { error.kind }
    /// The members the error's kind carries.
    public var data: JSONValue? { error.data }
    public var description: String { "\(method): \(error.message)" }
}
