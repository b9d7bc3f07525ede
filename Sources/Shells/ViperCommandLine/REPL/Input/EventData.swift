import Foundation
import ViperCore
import ViperJSON

/// Builds an event's `data` object from what was typed after its name, typed by the event's
/// described fields: `title=Buy milk`, `title="  spaced  "`, `dueDate=tomorrow`,
/// `dueDate=null`; an event with one field also takes its value alone (`titleChanged Buy milk`).
struct EventData {
    /// Today in the session, for `today`, `tomorrow` and `+N` days.
    let today: CalendarDay
    /// The session clock as the wire writes an instant, for `now`.
    var now: String? = nil

    func build(_ arguments: [String], for event: SceneCatalog.Event) throws(REPLCommandLine.Mistake) -> JSONValue? {
        guard !arguments.isEmpty else { return nil }
        guard !event.fields.isEmpty else {
            throw REPLCommandLine.Mistake(description: "\(event.name) takes no data; type: \(event.name)")
        }
        // With one field the value may come alone, `=` and all, unless it starts `FIELD=`.
        if event.fields.count == 1, let field = event.fields.first, !arguments[0].hasPrefix(field.name + "=") {
            return .object([field.name: try value(arguments.joined(separator: " "), for: field)])
        }
        // Words without `=` continue the value before them: `title=Water the plants`.
        var assignments: [(name: String, text: String)] = []
        for argument in arguments {
            if let equals = argument.firstIndex(of: "=") {
                assignments.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else if let last = assignments.popLast() {
                assignments.append((last.name, last.text + " " + argument))
            } else {
                throw REPLCommandLine.Mistake(description: "'\(argument)' is not FIELD=VALUE; \(usage(event))")
            }
        }
        var members: [String: JSONValue] = [:]
        for (name, text) in assignments {
            guard let field = event.fields.first(where: { $0.name == name }) else {
                throw REPLCommandLine.Mistake(description: "\(event.name) has no field '\(name)'; \(usage(event))")
            }
            members[name] = try value(text, for: field)
        }
        return .object(members)
    }

    /// How to type the event: `titleChanged title=…`.
    func usage(_ event: SceneCatalog.Event) -> String {
        event.fields.isEmpty ? "type: \(event.name)" : "type: " + ([event.name] + event.fields.map { "\($0.name)=…" }).joined(separator: " ")
    }

    /// The ways to type a day, as help and mistakes say them.
    static let dayForms = "YYYY-MM-DD, today, tomorrow, yesterday, or +N / -N days from today"

    private func value(_ text: String, for field: SceneCatalog.Field) throws(REPLCommandLine.Mistake) -> JSONValue {
        if field.isNullable && text == "null" { return .null }
        switch field.type {
        case "bool" where text == "true" || text == "false":
            return .bool(text == "true")
        case "integer", "number":
            guard let number = Double(text), number.isFinite, field.type == "number" || number == number.rounded() else {
                let what = field.type == "integer" ? "a whole number" : "a number"
                throw REPLCommandLine.Mistake(description: "'\(text)' is not \(what) for \(field.name); type \(field.name)=\(field.type == "integer" ? "3" : "2.5")")
            }
            return .number(number)
        case "instant" where text == "now":
            return now.map(JSONValue.string) ?? .string(text)
        case "day":
            guard let day = day(text) ?? CalendarDay(text) else {
                let clearing = field.isNullable ? ", or null to clear it" : ""
                throw REPLCommandLine.Mistake(description: "'\(text)' is not a day for \(field.name); type \(Self.dayForms)\(clearing)")
            }
            return .string(day.description)
        default:
            return .string(text)
        }
    }

    /// `today`, `tomorrow`, `yesterday`, or `+N` / `-N` days from today.
    private func day(_ text: String) -> CalendarDay? {
        switch text {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default:
            guard let first = text.first, first == "+" || first == "-", let count = Int(text.dropFirst()) else { return nil }
            return today.adding(days: first == "+" ? count : -count)
        }
    }
}
