import Foundation
import Testing
import ViperCore

private func calendar(_ zone: String = "UTC", firstWeekday: Int = 1, locale: String = "en_US") -> DayCalendar {
    DayCalendar(timeZone: TimeZone(identifier: zone)!, firstWeekday: firstWeekday, locale: Locale(identifier: locale))
}

private func instant(_ text: String) -> Date {
    try! Date.ISO8601FormatStyle().parse(text)
}

struct DayCalendarTests {
    @Test func anInstantFallsOnTheDayOfTheCalendarsTimeZone() {
        let lateEvening = instant("2026-11-22T23:30:00Z")
        #expect(calendar("UTC").day(of: lateEvening).description == "2026-11-22")
        #expect(calendar("Europe/Paris").day(of: lateEvening).description == "2026-11-23")
        #expect(calendar("America/Los_Angeles").day(of: instant("2026-11-22T05:00:00Z")).description == "2026-11-21")
    }

    @Test func daylightSavingChangesDoNotMoveDays() {
        // Paris leaves summer time on 2026-10-25 at 01:00 UTC.
        let paris = calendar("Europe/Paris")
        #expect(paris.day(of: instant("2026-10-24T22:30:00Z")).description == "2026-10-25")
        #expect(paris.day(of: instant("2026-10-25T22:30:00Z")).description == "2026-10-25")
        #expect(paris.day(of: instant("2026-10-25T23:30:00Z")).description == "2026-10-26")
    }

    @Test(arguments: [
        (1, "2026-11-22"), (2, "2026-11-23"), (7, "2026-11-28"),
    ])
    func weeksStartOnTheFirstWeekday(firstWeekday: Int, start: String) throws {
        // 2026-11-28 is a Saturday.
        let saturday = try #require(CalendarDay("2026-11-28"))
        let expected = try #require(CalendarDay(start))
        #expect(calendar(firstWeekday: firstWeekday).startOfWeek(containing: saturday) == expected)
        #expect(calendar(firstWeekday: firstWeekday).startOfWeek(containing: expected) == expected)
    }

    @Test func aWeekSpanningNewYearIsOneWeek() throws {
        let sundayFirst = calendar()
        let newYearsEve = try #require(CalendarDay("2026-12-31"))
        let secondOfJanuary = try #require(CalendarDay("2027-01-02"))
        #expect(sundayFirst.startOfWeek(containing: newYearsEve) == sundayFirst.startOfWeek(containing: secondOfJanuary))
    }

    @Test func namesWeekdaysInItsLocale() throws {
        let tuesday = try #require(CalendarDay("2026-11-24"))
        #expect(calendar().weekdayName(of: tuesday) == "Tuesday")
        #expect(calendar(locale: "fr_FR").weekdayName(of: tuesday) == "mardi")
        #expect(calendar(locale: "de_DE").weekdayName(of: tuesday) == "Dienstag")
    }
}
