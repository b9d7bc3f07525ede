import ViperCore

/// Holds the ToDo being written and applies the rules for saving it: a title that is not blank
/// and a due day that is not in the past.
actor TodoAddInteractor: TodoAddInteracting {
    private let store: any TodoStore
    private let clock: any WallClock
    private let calendar: DayCalendar
    private var title = ""
    private var dueDay: CalendarDay?

    init(store: any TodoStore, clock: any WallClock, calendar: DayCalendar) {
        self.store = store
        self.clock = clock
        self.calendar = calendar
    }

    func draft() -> AddDraft {
        AddDraft(title: title, dueDay: dueDay, problems: problems)
    }

    func changeTitle(to title: String) -> AddDraft {
        self.title = title
        return draft()
    }

    func changeDueDay(to day: CalendarDay?) -> AddDraft {
        dueDay = day
        return draft()
    }

    func save() async -> SaveOutcome {
        guard let (title, dueDay) = validItem else { return .notReady }
        do {
            return .saved(try await store.add(title: title, dueDay: dueDay))
        } catch {
            return .failed(reason: String(describing: error))
        }
    }

    /// The title and due day to store, when the rules allow saving now.
    private var validItem: (title: String, dueDay: CalendarDay)? {
        guard problems.isEmpty, let dueDay else { return nil }
        return (String(title.trimmingWhitespace), dueDay)
    }

    /// The rules the draft breaks now: a title that is not blank, a due day, not before today.
    private var problems: [DraftProblem] {
        var problems: [DraftProblem] = []
        if title.trimmingWhitespace.isEmpty { problems.append(.missingTitle) }
        if let dueDay {
            if dueDay < calendar.day(of: clock.now) { problems.append(.dueDayInThePast) }
        } else {
            problems.append(.missingDueDay)
        }
        return problems
    }
}
