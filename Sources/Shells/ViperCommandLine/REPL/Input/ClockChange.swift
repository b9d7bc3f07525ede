import Foundation
import ViperCore

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
        if let day = CalendarDay(text) {
            // The same time of day, on that day, in the session's time zone.
            let calendar = DayCalendar(timeZone: zone, firstWeekday: 1, locale: Locale(identifier: "en_US"))
            let shift = Double(day.daysSinceEpoch - calendar.day(of: now).daysSinceEpoch) * 86_400
            let moved = now.addingTimeInterval(shift)
            // Across a daylight-saving change the wall clock moves by an hour; keep it.
            return moved.addingTimeInterval(Double(zone.secondsFromGMT(for: now) - zone.secondsFromGMT(for: moved)))
        }
        return EngineClient.parse(text)
    }
}
