import ViperCore
import ViperJSON

/// A marker in a transcript: a JSON string that stands for a value the transcript cannot spell
/// out. Markers are whole strings, so a transcript stays valid JSON:
///
/// - `"{{*}}"` accepts any value;
/// - `"{{name}}"` captures the value the first time and requires the same value wherever it
///   appears again; requests may use it (`"scene":"{{scene}}"`);
/// - a string that only looks like a marker is written with one more leading backslash:
///   `"\\{{x}}"` is the text `{{x}}`, `"\\\\{{x}}"` the text `\{{x}}`.
enum Marker: Equatable {
    case any
    case capture(String)
    /// A literal string, its escaping backslash removed.
    case literal(String)

    init?(_ value: JSONValue) {
        guard case .string(let text) = value else { return nil }
        let backslashes = text.prefix { $0 == "\\" }.count
        let body = text.dropFirst(backslashes)
        guard body.hasPrefix("{{"), body.hasSuffix("}}"), body.count > 4 else { return nil }
        if backslashes > 0 {
            self = .literal(String(text.dropFirst()))
            return
        }
        let name = body.dropFirst(2).dropLast(2)
        if name == "*" {
            self = .any
        } else if let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        {
            self = .capture(String(name))
        } else {
            return nil
        }
    }

    /// `value` as a transcript must write it so that no string in it reads as a marker.
    static func escaped(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where Marker(value) != nil: .string("\\" + text)
        case .array(let elements): .array(elements.map(escaped))
        case .object(let members): .object(members.mapValues(escaped))
        default: value
        }
    }
}
