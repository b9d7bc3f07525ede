import AppTestSupport
import Synchronization
import Testing
import ViperCore

@testable import TodoApp

private struct StubListInteractor: TodoListInteracting {
    var result: Result<[UpcomingItem], StubTodoStore.Failure>

    func upcomingItems() async throws -> [UpcomingItem] {
        try result.get()
    }

    func whenOthersChangeItems(_ changed: @escaping @Sendable () async -> Void) async {}
}

/// An Interactor that keeps what the Presenter asked to hear when others save, to call it.
private final class ListeningListInteractor: TodoListInteracting {
    private let items: [UpcomingItem]
    private let changed = Mutex<(@Sendable () async -> Void)?>(nil)

    init(items: [UpcomingItem]) {
        self.items = items
    }

    func upcomingItems() async throws -> [UpcomingItem] { items }

    func whenOthersChangeItems(_ changed: @escaping @Sendable () async -> Void) async {
        self.changed.withLock { $0 = changed }
    }

    /// As another session saving a ToDo.
    func othersSaved() async {
        await changed.withLock { $0 }?()
    }
}

private final class RecordingListRouter: TodoListRouting {
    let log = EventLog()

    func presentAddItem(delegate: any AddItemDelegate) async {
        log.record("presentAddItem")
    }

    func presentAlert(_ alert: Alert) async {
        log.record("alert: \(alert.title) / \(alert.message)")
    }
}

private func upcoming(_ id: Int64, _ title: String, _ dueDay: String, _ relation: DueRelation) -> UpcomingItem {
    UpcomingItem(item: TodoItem(id: id, title: title, dueDay: day(dueDay)), relation: relation)
}

private func presenter(
    _ items: [UpcomingItem], locale: String = "en_US"
) -> (TodoListPresenter, RecordingView<TodoListScene.ViewModel>, RecordingListRouter) {
    let view = RecordingView<TodoListScene.ViewModel>()
    let router = RecordingListRouter()
    let presenter = TodoListPresenter(
        interactor: StubListInteractor(result: .success(items)), router: router, view: view, calendar: testCalendar(locale: locale))
    return (presenter, view, router)
}

private typealias Section = TodoListScene.ViewModel.Section
private typealias Item = TodoListScene.ViewModel.Item

struct TodoListPresenterTests {
    @Test func anEmptyListSaysSoAndHasNoSections() async {
        let (presenter, view, _) = presenter([])
        await presenter.sceneDidAppear()
        #expect(view.renders == [.init(isEmpty: true, sections: [])])
    }

    @Test func sectionsComeInFixedOrderAndOnlyWhenTheyHaveItems() async {
        let (presenter, view, _) = presenter([
            upcoming(1, "Milk", "2026-11-18", .today), upcoming(4, "Tea", "2026-11-23", .nextWeek),
            upcoming(2, "Bread", "2026-11-20", .laterThisWeek), upcoming(3, "Jam", "2026-11-20", .laterThisWeek),
        ])
        await presenter.sceneDidAppear()
        #expect(view.renders == [.init(isEmpty: false, sections: [
            Section(kind: "today", title: "Today", items: [Item(id: "1", title: "Milk", dueDate: day("2026-11-18"), dueDay: "")]),
            Section(kind: "laterThisWeek", title: "Later This Week", items: [
                Item(id: "2", title: "Bread", dueDate: day("2026-11-20"), dueDay: "Friday"),
                Item(id: "3", title: "Jam", dueDate: day("2026-11-20"), dueDay: "Friday"),
            ]),
            Section(kind: "nextWeek", title: "Next Week", items: [Item(id: "4", title: "Tea", dueDate: day("2026-11-23"), dueDay: "Monday")]),
        ])])
    }

    @Test func saturdayToSundayWithSundayFirstWeeksShowsSundayAsTomorrow() async {
        // Today Saturday 2026-11-21; Sunday 22 opens the next week but is tomorrow.
        let (presenter, view, _) = presenter([
            upcoming(1, "Brunch", "2026-11-22", .tomorrow), upcoming(2, "Gym", "2026-11-23", .nextWeek),
        ])
        await presenter.sceneDidAppear()
        #expect(view.renders.last?.sections.map(\.kind) == ["tomorrow", "nextWeek"])
        #expect(view.renders.last?.sections.first?.items.first?.dueDay == "Sunday")
    }

    @Test func sundayToMondayWithMondayFirstWeeksShowsMondayAsTomorrow() async {
        let (presenter, view, _) = presenter([
            upcoming(1, "Standup", "2026-11-23", .tomorrow), upcoming(2, "Review", "2026-11-29", .nextWeek),
        ])
        await presenter.sceneDidAppear()
        #expect(view.renders.last?.sections.map(\.title) == ["Tomorrow", "Next Week"])
        #expect(view.renders.last?.sections.map { $0.items.map(\.dueDay) } == [["Monday"], ["Sunday"]])
    }

    @Test func aWeekSpanningNewYearShowsItsDaysInOneSection() async {
        let (presenter, view, _) = presenter([
            upcoming(1, "Party", "2026-12-31", .laterThisWeek), upcoming(2, "Rest", "2027-01-02", .laterThisWeek),
        ])
        await presenter.sceneDidAppear()
        #expect(view.renders.last?.sections == [Section(kind: "laterThisWeek", title: "Later This Week", items: [
            Item(id: "1", title: "Party", dueDate: day("2026-12-31"), dueDay: "Thursday"),
            Item(id: "2", title: "Rest", dueDate: day("2027-01-02"), dueDay: "Saturday"),
        ])])
    }

    @Test func weekdayNamesFollowTheSessionLocale() async {
        let (presenter, view, _) = presenter([upcoming(1, "Pain", "2026-11-20", .laterThisWeek)], locale: "fr_FR")
        await presenter.sceneDidAppear()
        #expect(view.renders.last?.sections.first?.items.first?.dueDay == "vendredi")
    }

    @Test func tappingAddOpensTheAddScreen() async {
        let (presenter, view, router) = presenter([])
        await presenter.handle(.addTapped)
        #expect(router.log.all == ["presentAddItem"])
        #expect(view.renders.isEmpty)
    }

    @Test("When the scene appears it listens for others' ToDos, and each one they save shows the list again, once")
    func othersSavingShowsTheListAgain() async {
        let interactor = ListeningListInteractor(items: [upcoming(1, "Milk", "2026-11-18", .today)])
        let view = RecordingView<TodoListScene.ViewModel>()
        let presenter = TodoListPresenter(interactor: interactor, router: RecordingListRouter(), view: view, calendar: testCalendar())
        await presenter.sceneDidAppear()
        #expect(view.renders.count == 1)
        await interactor.othersSaved()
        await interactor.othersSaved()
        #expect(view.renders.count == 3)
        #expect(view.renders.last?.sections.first?.items.map(\.title) == ["Milk"])
    }

    @Test func aSavedItemAndAClockChangeEachShowTheListAgain() async {
        let (presenter, view, _) = presenter([upcoming(1, "Milk", "2026-11-18", .today)])
        await presenter.addItemDidSave()
        await presenter.clockDidChange()
        #expect(view.renders.count == 2)
    }

    @Test func aStoreThatCannotBeReadShowsAnEmptyListAndAnAlertSayingWhy() async {
        let view = RecordingView<TodoListScene.ViewModel>()
        let router = RecordingListRouter()
        let presenter = TodoListPresenter(
            interactor: StubListInteractor(result: .failure(.init(description: "disk I/O error"))), router: router, view: view,
            calendar: testCalendar())
        await presenter.sceneDidAppear()
        #expect(view.renders == [.init(isEmpty: true, sections: [])])
        #expect(router.log.all == ["alert: Could Not Load ToDos / The ToDos could not be read: disk I/O error."])
    }
}
