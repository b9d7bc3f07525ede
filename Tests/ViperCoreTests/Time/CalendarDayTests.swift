import Testing
import ViperCore

struct CalendarDayTests {
    @Test(arguments: ["1970-01-01", "2026-11-22", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "1969-12-31"])
    func writesBackTheDayItParsed(text: String) throws {
        #expect(try #require(CalendarDay(text)).description == text)
    }

    @Test(arguments: ["2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01T00:00", "0000-01-01", "２０２６-01-01", ""])
    func refusesTextThatIsNotACalendarDay(text: String) {
        #expect(CalendarDay(text) == nil)
    }

    @Test func countsDaysFromTheEpoch() throws {
        #expect(try #require(CalendarDay("1970-01-01")).daysSinceEpoch == 0)
        #expect(try #require(CalendarDay("2026-11-22")).daysSinceEpoch == 20_779)
        #expect(try #require(CalendarDay("1969-12-31")).daysSinceEpoch == -1)
    }

    @Test func addsDaysAcrossMonthsYearsAndLeapDays() throws {
        let day = try #require(CalendarDay("2024-02-28"))
        #expect(day.adding(days: 1).description == "2024-02-29")
        #expect(day.adding(days: 2).description == "2024-03-01")
        #expect(try #require(CalendarDay("2026-12-31")).adding(days: 1).description == "2027-01-01")
        #expect(try #require(CalendarDay("2027-01-01")).adding(days: -1).description == "2026-12-31")
    }

    @Test(arguments: [("1970-01-01", 5), ("2026-11-22", 1), ("2026-11-23", 2), ("2026-11-28", 7), ("1969-12-28", 1)])
    func knowsItsWeekdayCountingSundayAsOne(text: String, weekday: Int) throws {
        #expect(try #require(CalendarDay(text)).weekday == weekday)
    }

    @Test func everyDayOfFourCenturiesRoundTripsThroughItsComponents() {
        // 146,097 days is one full cycle of the Gregorian calendar.
        let start = CalendarDay(year: 1900, month: 1, day: 1)!.daysSinceEpoch
        for offset in 0..<146_097 {
            let day = CalendarDay(daysSinceEpoch: start + offset)
            let (year, month, dayOfMonth) = day.components
            #expect(CalendarDay(year: year, month: month, day: dayOfMonth) == day)
        }
    }

    @Test func comparesByDate() throws {
        let day = try #require(CalendarDay("2026-12-31"))
        #expect(day < day.adding(days: 1))
        #expect(try #require(CalendarDay("2027-01-01")) > day)
    }
}
