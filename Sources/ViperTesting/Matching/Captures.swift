import ViperCore
import ViperJSON

/// The values a transcript has captured with `{{name}}` markers so far.
struct Captures: Sendable {
    private(set) var values: [String: JSONValue] = [:]

    mutating func bind(_ name: String, to value: JSONValue) {
        if values[name] == nil { values[name] = value }
    }

    subscript(name: String) -> JSONValue? { values[name] }

    /// `value` with every `"{{name}}"` string replaced by its capture. Throws the name of a
    /// marker that nothing has captured yet.
    func substitute(into value: JSONValue) throws(UnboundCapture) -> JSONValue {
        switch value {
        case .string:
            switch Marker(value) {
            case .capture(let name)?:
                guard let captured = values[name] else { throw UnboundCapture(name: name) }
                return captured
            case .literal(let text)?:
                return .string(text)
            case .any?, nil:
                return value
            }
        case .array(let elements):
            var substituted: [JSONValue] = []
            for element in elements { substituted.append(try substitute(into: element)) }
            return .array(substituted)
        case .object(let members):
            var substituted: [String: JSONValue] = [:]
            for (key, member) in members { substituted[key] = try substitute(into: member) }
            return .object(substituted)
        default:
            return value
        }
    }

    struct UnboundCapture: Error {
        let name: String
    }
}
