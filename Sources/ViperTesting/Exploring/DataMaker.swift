import ViperCore
import ViperJSON

/// Makes the data of events and bus events from the members `engine.describe` describes: the
/// values that break apps (empty, blank, very long, non-Latin and right-to-left text; today,
/// the past, the far future; numbers at and past their limits), and, most often, the ids the
/// scene on screen shows, so that a walk opens what is there to open.
struct DataMaker {
    /// The session's today, `YYYY-MM-DD`, for the days around it.
    var today: String
    /// Values the view models on screen hold, by member name (`id`, `locationId`): an event
    /// member of the same name takes one of them.
    var shown: [String: [JSONValue]] = [:]

    /// Text that has broken apps somewhere.
    static let texts: [String] = [
        "", "   ", "Buy milk", "a", "Paris", "Lon", "CDG", "LGW", String(repeating: "long text ", count: 300), "東京タワーへ行く", "مرحبا بالعالم",
        "Zoë's café 🎉", "line one\nline two", "\"quoted\" <b>&amp;</b>", "Robert'); DROP TABLE todos;--",
    ]
    /// Whole numbers at and past the limits apps assume.
    static let integers: [Double] = [0, 1, 2, -1, 9, 10, 100, 2_147_483_647, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_991]
    static let numbers: [Double] = [0, -0.5, 3.25, 1e308, -1e308]

    /// Data for an object of `fields`.
    func object(_ fields: [JSONValue], using random: inout SeededGenerator) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for field in fields {
            guard let name = field["name"]?.stringValue else { continue }
            members[name] = value(named: name, type: field, nullable: field["nullable"] == .bool(true), using: &random)
        }
        return .object(members)
    }

    private func value(named name: String, type described: JSONValue, nullable: Bool, using random: inout SeededGenerator) -> JSONValue {
        if nullable, Int.random(in: 0..<8, using: &random) == 0 { return .null }
        if let candidates = shown[name], !candidates.isEmpty, Int.random(in: 0..<4, using: &random) > 0 {
            return candidates.randomElement(using: &random)!
        }
        switch described["type"]?.stringValue {
        case "string", "secret":
            return .string(Self.texts.randomElement(using: &random)!)
        case "bool":
            return .bool(Bool.random(using: &random))
        case "integer":
            return .number(Self.integers.randomElement(using: &random)!)
        case "number":
            return .number(Self.numbers.randomElement(using: &random)!)
        case "day":
            return .string(day(using: &random))
        case "instant":
            return .string(day(using: &random) + "T09:30:00Z")
        case "array":
            let items = described["items"] ?? .null
            let count = Int.random(in: 0...2, using: &random)
            return .array((0..<count).map { _ in value(named: name, type: items, nullable: false, using: &random) })
        case "object":
            return object(described["fields"]?.arrayValue ?? [], using: &random)
        default:
            return .null
        }
    }

    /// Today, a day around it, the past, or the far future.
    private func day(using random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: today
        case 3..<6: Self.day(today, adding: Int.random(in: -3...10, using: &random))
        case 6: "1970-01-01"
        case 7: "2000-02-29"
        case 8: "2999-12-31"
        default: "9999-12-31"
        }
    }

    /// The values `viewModel` holds, by member name, at any depth: what events may name.
    static func shownValues(in viewModel: JSONValue) -> [String: [JSONValue]] {
        var found: [String: [JSONValue]] = [:]
        for members in viewModel.objects {
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                switch member {
                case .string, .number: if !(found[name]?.contains(member) ?? false) { found[name, default: []].append(member) }
                default: break
                }
            }
        }
        return found
    }

    /// `day` (`YYYY-MM-DD`) moved by `days`; `day` itself when it is no day.
    static func day(_ day: String, adding days: Int) -> String {
        CalendarDay(day).map { $0.adding(days: days).description } ?? day
    }
}
