import AppTestSupport
import Testing
import ViperCore

@testable import TodoApp

private func relations(today: String, firstWeekday: Int, days: [String]) -> [DueRelation?] {
    let window = UpcomingWindow(today: day(today), calendar: testCalendar(firstWeekday: firstWeekday))
    return days.map { window.relation(of: day($0)) }
}

struct UpcomingWindowTests {
    @Test func aWednesdayInASundayFirstWeekSeesTheRestOfThisWeekAndAllOfNext() {
        // 2026-11-18 is a Wednesday; its week runs Sunday 15 … Saturday 21.
        let window = UpcomingWindow(today: day("2026-11-18"), calendar: testCalendar(firstWeekday: 1))
        #expect(window.startOfNextWeek == day("2026-11-22"))
        #expect(window.lastDay == day("2026-11-28"))
        #expect(relations(today: "2026-11-18", firstWeekday: 1, days: [
            "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29",
        ]) == [nil, .today, .tomorrow, .laterThisWeek, .laterThisWeek, .nextWeek, .nextWeek, nil])
    }

    @Test func onSaturdayWithSundayFirstWeeksTomorrowStartsNextWeekButStaysTomorrow() {
        // Saturday 2026-11-21: tomorrow is Sunday 22, the first day of next week.
        #expect(relations(today: "2026-11-21", firstWeekday: 1, days: ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-28", "2026-11-29"])
            == [.today, .tomorrow, .nextWeek, .nextWeek, nil])
    }

    @Test func onSundayWithMondayFirstWeeksTomorrowStartsNextWeekButStaysTomorrow() {
        // Sunday 2026-11-22 ends a Monday-first week; Monday 23 starts the next.
        #expect(relations(today: "2026-11-22", firstWeekday: 2, days: ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-29", "2026-11-30"])
            == [.today, .tomorrow, .nextWeek, .nextWeek, nil])
    }

    @Test func onSundayWithSundayFirstWeeksTheWholeWeekIsStillAhead() {
        #expect(relations(today: "2026-11-22", firstWeekday: 1, days: ["2026-11-24", "2026-11-28", "2026-11-29", "2026-12-05", "2026-12-06"])
            == [.laterThisWeek, .laterThisWeek, .nextWeek, .nextWeek, nil])
    }

    @Test func aWeekThatSpansNewYearIsOneWeek() {
        // Wednesday 2026-12-30: this week runs to Saturday 2027-01-02, next week to 2027-01-09.
        #expect(relations(today: "2026-12-30", firstWeekday: 1, days: ["2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03", "2027-01-09", "2027-01-10"])
            == [.tomorrow, .laterThisWeek, .laterThisWeek, .nextWeek, .nextWeek, nil])
    }

    @Test func overdueDaysAndDaysPastNextWeekAreNotListed() {
        #expect(relations(today: "2026-11-18", firstWeekday: 1, days: ["2025-11-18", "2026-11-17", "2026-11-29", "2027-11-18"])
            == [nil, nil, nil, nil])
    }
}
