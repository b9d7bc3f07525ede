/// An event field that must be sent but may be `null`, such as a due date the user cleared.
///
/// Swift's synthesized decoding reads a missing `Optional` as `nil`; wrapping the field makes a
/// client that forgot it hear about it (-32602) instead of silently clearing the value.
public struct Nullable<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    /// The value, or nil when the client sent `null`.
    public let value: Wrapped?

    /// Wraps `value`.
    public init(_ value: Wrapped?) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
