import AppTestSupport
import Foundation
import PropertyBased
import Testing
import ViperCore

@testable import TodoApp

/// A clock that stands at one instant.
private struct StoppedClock: WallClock {
    let now: Date
}

/// Every time zone Foundation knows, for picking one at random.
private let timeZones = TimeZone.knownTimeZoneIdentifiers.sorted()

/// What the list must show, worked out with Foundation's `Calendar` instead of the app's day
/// arithmetic: today in the session's time zone, and the week that holds it.
private struct ExpectedWindow {
    let today: CalendarDay
    let startOfWeek: CalendarDay

    init(now: Date, timeZone: TimeZone, firstWeekday: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday
        func day(of date: Date) -> CalendarDay {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!
        }
        today = day(of: now)
        startOfWeek = day(of: calendar.dateInterval(of: .weekOfYear, for: now)!.start)
    }

    var lastDay: CalendarDay { startOfWeek.adding(days: 13) }

    /// The section a ToDo due on `day` belongs in, or nil when the list must not show it.
    func section(of day: CalendarDay) -> String? {
        if day < today || day > lastDay { return nil }
        if day == today { return "today" }
        if day == today.adding(days: 1) { return "tomorrow" }
        return day < startOfWeek.adding(days: 7) ? "laterThisWeek" : "nextWeek"
    }
}

struct UpcomingListPropertyTests {
    /// For any clock (1970–2100), time zone, first weekday and set of due days around today,
    /// the list the Presenter renders holds exactly the ToDos of the window, each once, in the
    /// right section, sections in their fixed order, items by due day then creation.
    @Test func theListShowsEveryToDoOfTheWindowOnceInItsSectionInOrder() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...4_102_444_800), Gen.int(in: 0...(timeZones.count - 1)), Gen.int(in: 1...7),
            Gen.int(in: -16...24).array(of: 0...30)
        ) { seconds, zoneIndex, firstWeekday, offsets in
            let now = Date(timeIntervalSince1970: Double(seconds))
            let timeZone = TimeZone(identifier: timeZones[zoneIndex])!
            let expected = ExpectedWindow(now: now, timeZone: timeZone, firstWeekday: firstWeekday)
            let items = offsets.enumerated().map { position, offset in
                TodoItem(id: Int64(position + 1), title: "ToDo \(position + 1)", dueDay: expected.today.adding(days: offset))
            }
            let sessionCalendar = DayCalendar(timeZone: timeZone, firstWeekday: firstWeekday, locale: Locale(identifier: "en_US"))
            let view = RecordingView<TodoListScene.ViewModel>()
            let presenter = TodoListPresenter(
                interactor: TodoListInteractor(store: StubTodoStore(items), clock: StoppedClock(now: now), calendar: sessionCalendar, work: SceneWorkDouble()),
                router: UnusedListRouter(), view: view, calendar: sessionCalendar)

            await presenter.sceneDidAppear()

            let viewModel = try #require(view.renders.last)
            let order = ["today", "tomorrow", "laterThisWeek", "nextWeek"]
            // Sections: only non-empty ones, in the fixed order, each kind once.
            #expect(viewModel.sections.allSatisfy { !$0.items.isEmpty })
            #expect(viewModel.sections.map(\.kind) == order.filter { kind in viewModel.sections.contains { $0.kind == kind } })
            #expect(viewModel.isEmpty == viewModel.sections.isEmpty)
            // Exactly the ToDos of the window are shown, each once, in the section it belongs in.
            let shown = viewModel.sections.flatMap { section in section.items.map { (section.kind, $0) } }
            let inWindow = items.filter { expected.section(of: $0.dueDay) != nil }
            #expect(shown.map(\.1.id).sorted() == inWindow.map { String($0.id) }.sorted())
            for (kind, item) in shown {
                #expect(expected.section(of: item.dueDate) == kind, "\(item.dueDate) in \(kind), today \(expected.today)")
                #expect((item.dueDay == "") == (kind == "today"))
            }
            // Items: by due day, then by creation, across the whole list.
            let keys = shown.map { ($0.1.dueDate, Int($0.1.id)!) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}

/// The list's Router, which these tests never expect to navigate.
private struct UnusedListRouter: TodoListRouting {
    func presentAddItem(delegate: any AddItemDelegate) async {
        Issue.record("the list navigated to Add")
    }

    func presentAlert(_ alert: Alert) async {
        Issue.record("the list showed an alert: \(alert.message)")
    }
}
