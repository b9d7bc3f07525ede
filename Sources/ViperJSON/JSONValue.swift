/// A JSON document as it crosses the wire.
///
/// The engine parses and writes JSON itself instead of going through Foundation's coders: on
/// Linux those took about 15 µs to decode and 13 µs to encode one small message, more than
/// `jq -c .` needs for a whole line (BENCHMARKS.md has the figures). Owning the model also gives
/// exact parse-error offsets, an explicit nesting limit and byte-stable output.
///
/// Numbers are doubles: every integer within ±2^53 round-trips exactly, which covers request
/// ids and every number the engine's contracts use.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member named `key` when this is an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The name of this value's JSON type, as error messages say it ("a string", "an object").
    package var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// Deliberately not ExpressibleByNilLiteral: `nil` must keep meaning "no value" in
// `JSONValue?` contexts, not turn silently into `.null`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
