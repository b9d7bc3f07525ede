import Foundation

/// The session clock as the REPL shows it (`clock`, the welcome): the day, the time and the
/// zone, and that it stands still until set.
enum ClockText {
    /// `Thu 2026-11-19 09:00 UTC (fixed; change it with clock WHEN)`.
    static func describing(_ now: Date, in zone: TimeZone, named zoneName: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE yyyy-MM-dd HH:mm"
        return "\(formatter.string(from: now)) \(zoneName) (fixed; change it with clock WHEN)"
    }
}
