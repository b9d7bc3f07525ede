import Foundation
import ViperCore

/// How the conversation writes when a message was sent, relative to the session's clock and in
/// its time zone and locale: "Today 09:41", "Yesterday 18:02", else a short date ("Nov 20",
/// "20 Nov"; with the year when it is another year's).
struct SentDateFormat: Sendable {
    let clock: any WallClock
    let calendar: DayCalendar

    func text(_ sentAt: Date) -> String {
        let today = calendar.day(of: clock.now)
        let day = calendar.day(of: sentAt)
        switch day {
        case today: return "Today " + time(sentAt)
        case today.adding(days: -1): return "Yesterday " + time(sentAt)
        default:
            let formatter = DateFormatter()
            formatter.locale = calendar.locale
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(day.components.year == today.components.year ? "MMMd" : "yMMMd")
            return formatter.string(from: sentAt)
        }
    }

    /// "09:41", on the 24-hour clock whatever the locale, as the contract writes it.
    private func time(_ instant: Date) -> String {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
