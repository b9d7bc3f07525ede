import ViperCore

/// A marker in an expected line that stands for a value the transcript cannot spell out.
///
/// Markers are whole JSON strings, so a transcript stays valid JSON: `"{{*}}"` accepts any
/// value there; `"{{name}}"` captures the value the first time and requires the same value
/// wherever it appears again, and requests may use it (`"scene":"{{scene}}"`).
enum Placeholder: Equatable {
    case any
    case capture(String)

    init?(_ value: JSONValue) {
        guard case .string(let text) = value, text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
        let name = text.dropFirst(2).dropLast(2)
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
}
