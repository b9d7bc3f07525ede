import ViperJSON

/// A request method: its params, decoded from the request, and the result it answers with.
protocol WireRequest: Decodable, Sendable {
    /// What the request answers with.
    associatedtype Result: Encodable & Sendable

    /// The JSON-RPC method name.
    static var method: String { get }

    /// Reads the request from the line that carried it: its params through `Decodable`
    /// (`decoding(params:)`), unless the method reads its own.
    static func read(_ request: IncomingRequest) throws(ProtocolError) -> Self
}

extension WireRequest {
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
struct EmptyResult: Encodable, Sendable {}

/// A request's `null` result.
struct NullResult: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

/// A notification the engine sends: its method name and params.
protocol WireNotification: Encodable, Sendable {
    static var method: String { get }
}
