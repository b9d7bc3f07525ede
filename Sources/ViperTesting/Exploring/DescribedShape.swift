import ViperCore
import ViperJSON

/// Checks a value against members as `engine.describe` describes them, the way the engine's
/// contracts read them: exactly the members described, each of its type, `null` only where
/// nullable. The declarations `engine.describe` reports are those the protocol's schema is
/// built from, so a value this accepts is what the schema's scene definitions accept.
enum DescribedShape {
    /// The first problem with `value` as an object of `fields`, as a path and what is wrong;
    /// nil when it fits.
    static func problem(with value: JSONValue, fields: [JSONValue], at path: String) -> String? {
        guard case .object(let members) = value else { return "\(path) is \(value.typeDescription), not an object" }
        let names = fields.compactMap { $0["name"]?.stringValue }
        if let extra = members.keys.sorted().first(where: { !names.contains($0) }) {
            return "\(path).\(extra) is not a member the contract describes"
        }
        for field in fields {
            guard let name = field["name"]?.stringValue else { continue }
            guard let member = members[name] else { return "\(path).\(name) is missing" }
            if let problem = problem(with: member, type: field, nullable: field["nullable"] == .bool(true), at: "\(path).\(name)") {
                return problem
            }
        }
        return nil
    }

    private static func problem(with value: JSONValue, type described: JSONValue, nullable: Bool, at path: String) -> String? {
        if value == .null { return nullable ? nil : "\(path) is null, and may not be" }
        let type = described["type"]?.stringValue ?? ""
        switch (type, value) {
        case ("string", .string), ("secret", .string), ("bool", .bool):
            return nil
        case ("integer", .number(let number)):
            return number.rounded() == number ? nil : "\(path) is \(number), not an integer"
        case ("number", .number):
            return nil
        case ("day", .string(let text)):
            return isDay(text) ? nil : "\(path) is \"\(text)\", not a day YYYY-MM-DD"
        case ("instant", .string(let text)):
            return isInstant(text) ? nil : "\(path) is \"\(text)\", not an ISO 8601 instant"
        case ("array", .array(let elements)):
            let items = described["items"] ?? .null
            for (index, element) in elements.enumerated() {
                if let problem = problem(with: element, type: items, nullable: items["nullable"] == .bool(true), at: "\(path)[\(index)]") {
                    return problem
                }
            }
            return nil
        case ("object", .object):
            return problem(with: value, fields: described["fields"]?.arrayValue ?? [], at: path)
        default:
            return "\(path) is \(value.typeDescription), not \(type.isEmpty ? "what the contract says" : type)"
        }
    }

    /// `YYYY-MM-DD` with a month and a day that exist, read as the engine reads a day.
    static func isDay(_ text: String) -> Bool {
        CalendarDay(text) != nil
    }

    /// `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or an offset.
    static func isInstant(_ text: String) -> Bool {
        guard let time = text.firstIndex(of: "T"), isDay(String(text[..<time])) else { return false }
        let rest = text[text.index(after: time)...]
        let clock = rest.prefix { $0.isNumber || $0 == ":" || $0 == "." }
        let zone = rest.dropFirst(clock.count)
        let hms = clock.split(separator: ".")[0].split(separator: ":")
        guard hms.count == 3, hms.allSatisfy({ $0.count == 2 && Int($0) != nil }) else { return false }
        return zone == "Z" || ((zone.first == "+" || zone.first == "-") && zone.count == 6)
    }
}
