import ViperJSON

/// A request method: its params, decoded from the request, and the result it answers with,
/// each with its JSON Schema, so that `protocol.schema.json` is derived from the methods the
/// session registers (`Session.methodTable`), not written apart from them.
protocol WireRequest: Decodable, Sendable {
    /// What the request answers with.
    associatedtype Result: WireResult

    /// The JSON-RPC method.
    static var wireMethod: WireMethod { get }

    /// The schema of the params in an engine hosting `scope`'s apps; nil for a method that
    /// takes none (then `{}` may be sent, or nothing). Derived from the type's members and
    /// `paramsConstraints`, unless the method's params vary with what they name (`view.event`).
    static func paramsSchema(_ scope: SchemaScope) -> JSONValue?

    /// What the params' schema says of members beyond their types, in JSON Schema's keywords
    /// by member name: `["firstWeekday": ["minimum": 1, "maximum": 7]]`; an `enum` stands for the
    /// member's type.
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue]

    /// Whether the method is a notification, sent without an id and never answered.
    static var isNotification: Bool { get }

    /// Whether a session's journal keeps the request. Every method says, with no default: one
    /// that changes the session and said nothing would be left out of resumed sessions unseen.
    static var journaling: RequestJournaling { get }

    /// Reads the request from the line that carried it: its params through `Decodable`
    /// (`decoding(params:)`), unless the method reads its own.
    static func read(_ request: IncomingRequest) throws(ProtocolError) -> Self
}

extension WireRequest {
    /// The JSON-RPC method's name.
    static var method: String { wireMethod.rawValue }

    static func paramsSchema(_ scope: SchemaScope) -> JSONValue? {
        ProtocolSchema.params(of: Self.self, constraints: paramsConstraints(scope))
    }

    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] { [:] }

    static var isNotification: Bool { false }

    static func read(_ request: IncomingRequest) throws(ProtocolError) -> Self {
        try decoding(params: request.params)
    }

    /// The request decoded from its params; a params error names the field at fault.
    static func decoding(params: JSONValue?) throws(ProtocolError) -> Self {
        if case .array? = params {
            throw .invalidParams(path: "params", "must be an object of named params, not an array")
        }
        do {
            // Absent params read as `{}`: methods whose params are all optional need none.
            return try JSONValueDecoder.decode(Self.self, from: params ?? .object([:]), codingPath: [WireCodingKey(stringValue: "params")])
        } catch let error as DecodingError {
            throw .invalidParams(error)
        } catch {
            throw .internalError("could not decode the params of \(method): \(error)")
        }
    }
}

/// A request's empty object result, `{}`.
struct EmptyResult: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue { ProtocolSchema.object([:]) }
}

/// A request's `null` result.
struct NullResult: WireResult {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    static func schema(_ scope: SchemaScope) -> JSONValue { ["type": "null"] }
}

/// A notification the engine sends: its method and params.
protocol WireNotification: Encodable, Sendable {
    static var wireMethod: WireMethod { get }
}
