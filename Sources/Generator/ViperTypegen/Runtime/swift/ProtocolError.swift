/// An error as the wire carries it: its code, a message for people, and `data` with its `kind`.
public struct ProtocolError: Decodable, Sendable {
    /// The JSON-RPC code (`ErrorCode`).
    public let code: Int
    /// For people: what was wrong and what to send instead.
    public let message: String
    /// The error's `kind` and the members that kind carries (`path`, `scene`, …).
    public let data: JSONValue?

    /// The stable name of the error (`unknownScene`, `invalidParams`, `cancelled`, …).
    public var kind: String { data?["kind"]?.string ?? "internalError" }
}
