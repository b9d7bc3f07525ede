/// A request method: its params, decoded from the request, and the result it answers with.
protocol WireRequest: Decodable, Sendable {
    /// What the request answers with.
    associatedtype Result: Encodable & Sendable

    /// The JSON-RPC method name.
    static var method: String { get }
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
