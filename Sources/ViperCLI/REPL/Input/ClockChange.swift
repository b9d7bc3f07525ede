import Foundation

/// Reads the argument of `clock`: an instant with offset (`2026-11-24T09:00:00Z`), a day that
/// keeps the current time of day (`2026-11-24`), a step (`+1d`, `-3h`, `+30m`), or `now`.
enum ClockChange {
    static func instant(_ text: String, from now: Date, in zone: TimeZone) -> Date? {
        if text == "now" { return Date() }
        if let first = text.first, first == "+" || first == "-", let unit = text.last,
            let count = Double(text.dropFirst().dropLast())
        {
            let seconds: Double
            switch unit {
            case "d": seconds = 86_400
            case "h": seconds = 3600
            case "m": seconds = 60
            default: return nil
            }
            return now.addingTimeInterval((first == "+" ? 1 : -1) * count * seconds)
        }
        if text.count == 10 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let time = calendar.dateComponents([.hour, .minute, .second], from: now)
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return calendar.date(from: DateComponents(
                year: parts[0], month: parts[1], day: parts[2], hour: time.hour, minute: time.minute, second: time.second))
        }
        return EngineClient.parse(text)
    }
}
