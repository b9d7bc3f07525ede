import ViperCore

/// The business rule of the list: which due days it shows, from today to the end of next week,
/// and which group each falls in.
///
/// Weeks are found by counting days back to the calendar's first weekday, not by week-of-year
/// numbers, so a week that spans New Year is one week.
struct UpcomingWindow: Sendable, Equatable {
    let today: CalendarDay
    let startOfNextWeek: CalendarDay

    init(today: CalendarDay, calendar: DayCalendar) {
        self.today = today
        self.startOfNextWeek = calendar.startOfWeek(containing: today).adding(days: 7)
    }

    /// The last day the list shows: the end of next week.
    var lastDay: CalendarDay { startOfNextWeek.adding(days: 6) }

    /// The group of a ToDo due on `day`, or nil when the list does not show it (overdue, or
    /// after next week).
    func relation(of day: CalendarDay) -> DueRelation? {
        guard day >= today, day <= lastDay else { return nil }
        if day == today { return .today }
        // Tomorrow stays "tomorrow" even when it starts the next week.
        if day == today.adding(days: 1) { return .tomorrow }
        return day < startOfNextWeek ? .laterThisWeek : .nextWeek
    }
}
