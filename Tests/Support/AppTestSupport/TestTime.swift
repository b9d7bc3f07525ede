public import Foundation
public import ViperCore

/// The instant the app tests run at unless told otherwise: 09:00 UTC on 23 November 2026.
public let testNow = "2026-11-23T09:00:00Z"

/// An instant from its ISO 8601 text (`2026-11-23T06:00:00Z`).
public func instant(_ iso8601: String) -> Date {
    try! Date.ISO8601FormatStyle().parse(iso8601)
}

/// A calendar for tests; UTC and en_US unless told otherwise.
public func testCalendar(timeZone: String = "UTC", firstWeekday: Int = 1, locale: String = "en_US") -> DayCalendar {
    DayCalendar(timeZone: TimeZone(identifier: timeZone)!, firstWeekday: firstWeekday, locale: Locale(identifier: locale))
}
