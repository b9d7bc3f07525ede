public import Foundation

/// A session's calendar: which day an instant falls on in its time zone, where its weeks
/// start, and how its locale names weekdays.
public struct DayCalendar: Sendable {
    /// The time zone that decides which day an instant falls on.
    public let timeZone: TimeZone
    /// The zone's name as the session gave it (`UTC`): Foundation on Linux calls the zone of
    /// `TimeZone(identifier: "UTC")` "GMT", and a Service that sends the zone to a server
    /// should send what the session said.
    public let timeZoneName: String
    /// The first day of the week, 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int
    /// The locale that names weekdays.
    public let locale: Locale
    private let weekdayNames: WeekdayNames

    /// A calendar for `timeZone`, named `timeZoneName` (its identifier when left out), whose
    /// weeks start on `firstWeekday` (1...7).
    public init(timeZone: TimeZone, timeZoneName: String? = nil, firstWeekday: Int, locale: Locale) {
        precondition((1...7).contains(firstWeekday), "firstWeekday is 1 (Sunday) … 7 (Saturday)")
        self.timeZone = timeZone
        self.timeZoneName = timeZoneName ?? timeZone.identifier
        self.firstWeekday = firstWeekday
        self.locale = locale
        weekdayNames = WeekdayNames(locale: locale)
    }

    /// The calendar of a session that sets nothing: UTC, weeks starting on Sunday, `en_US`.
    public static let standard = DayCalendar(
        timeZone: TimeZone(identifier: "UTC")!, timeZoneName: "UTC", firstWeekday: 1, locale: Locale(identifier: "en_US"))

    /// The day `instant` falls on in this calendar's time zone.
    public func day(of instant: Date) -> CalendarDay {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        return CalendarDay(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    /// The first day of the week that holds `day`.
    public func startOfWeek(containing day: CalendarDay) -> CalendarDay {
        day.adding(days: -((day.weekday - firstWeekday + 7) % 7))
    }

    /// The weekday's name in this calendar's locale ("Tuesday", "mardi").
    public func weekdayName(of day: CalendarDay) -> String {
        weekdayNames.name(of: day.weekday)
    }
}
