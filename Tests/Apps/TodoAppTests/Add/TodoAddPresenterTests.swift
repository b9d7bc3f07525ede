import AppTestSupport
import Testing
import ViperCore

@testable import TodoApp

private actor StubAddInteractor: TodoAddInteracting {
    var current = AddDraft(title: "", dueDay: nil, problems: [.missingTitle, .missingDueDay])
    var outcome: SaveOutcome = .notReady
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func willSave(_ outcome: SaveOutcome) {
        self.outcome = outcome
    }

    func willReport(_ draft: AddDraft) {
        current = draft
    }

    func draft() -> AddDraft { current }

    func changeTitle(to title: String) -> AddDraft {
        log.record("title: \(title)")
        current = AddDraft(title: title, dueDay: current.dueDay, problems: Self.problems(title: title, dueDay: current.dueDay))
        return current
    }

    func changeDueDay(to day: CalendarDay?) -> AddDraft {
        log.record("dueDay: \(day.map(\.description) ?? "nil")")
        current = AddDraft(title: current.title, dueDay: day, problems: Self.problems(title: current.title, dueDay: day))
        return current
    }

    func save() -> SaveOutcome {
        log.record("save")
        return outcome
    }

    /// A rough stand-in for the real rules: the Presenter only shows what it is told.
    private static func problems(title: String, dueDay: CalendarDay?) -> [DraftProblem] {
        (title.isEmpty ? [.missingTitle] : []) + (dueDay == nil ? [.missingDueDay] : [])
    }
}

private struct RecordingAddRouter: TodoAddRouting {
    let log: EventLog

    func close() async { log.record("close") }
    func presentAlert(_ alert: Alert) async { log.record("alert: \(alert.title) / \(alert.message)") }
}

private struct RecordingDelegate: AddItemDelegate {
    let log: EventLog

    func addItemDidSave() async { log.record("delegate: saved") }
}

private struct Fixture {
    let log = EventLog()
    let view = RecordingView<TodoAddScene.ViewModel>()
    let interactor: StubAddInteractor
    let presenter: TodoAddPresenter

    init() {
        interactor = StubAddInteractor(log: log)
        presenter = TodoAddPresenter(interactor: interactor, router: RecordingAddRouter(log: log), view: view, delegate: RecordingDelegate(log: log))
    }
}

struct TodoAddPresenterTests {
    @Test func theFormAppearsEmptyWithSaveDisabled() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [.init(title: "", dueDate: nil, saveEnabled: false, problems: ["Enter a title", "Pick a due date"])])
    }

    @Test func everyBrokenRuleIsWordedForTheUserInTheOrderReported() async {
        let fixture = Fixture()
        await fixture.interactor.willReport(AddDraft(title: "", dueDay: day("2026-11-01"), problems: [.missingTitle, .dueDayInThePast]))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.map(\.problems) == [["Enter a title", "The due date is in the past"]])
        #expect(fixture.view.renders.map(\.saveEnabled) == [false])
    }

    @Test func eachEditGoesToTheInteractorAndShowsTheFormAgain() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.titleChanged(title: "Milk"))
        await fixture.presenter.handle(.dueDateChanged(dueDate: Nullable(day("2026-11-20"))))
        await fixture.presenter.handle(.dueDateChanged(dueDate: Nullable(nil)))
        #expect(fixture.log.all == ["title: Milk", "dueDay: 2026-11-20", "dueDay: nil"])
        #expect(fixture.view.renders == [
            .init(title: "Milk", dueDate: nil, saveEnabled: false, problems: ["Pick a due date"]),
            .init(title: "Milk", dueDate: day("2026-11-20"), saveEnabled: true, problems: []),
            .init(title: "Milk", dueDate: nil, saveEnabled: false, problems: ["Pick a due date"]),
        ])
    }

    @Test func aSuccessfulSaveClosesTheFormAndThenTellsTheList() async {
        let fixture = Fixture()
        await fixture.interactor.willSave(.saved(TodoItem(id: 1, title: "Milk", dueDay: day("2026-11-20"))))
        await fixture.presenter.handle(.saveTapped)
        #expect(fixture.log.all == ["save", "close", "delegate: saved"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test func savingWhileNotReadyDoesNothingVisible() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.saveTapped)
        #expect(fixture.log.all == ["save"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test func aFailedSaveKeepsTheFormAndShowsAnAlertWithTheFailuresMessage() async {
        let fixture = Fixture()
        await fixture.interactor.willSave(.failed(reason: "disk full"))
        await fixture.presenter.handle(.saveTapped)
        #expect(fixture.log.all == ["save", "alert: Could Not Save / The ToDo could not be saved: disk full. Your entry is kept; try again."])
    }

    @Test func cancelClosesTheFormWithoutSaving() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.cancelTapped)
        #expect(fixture.log.all == ["close"])
    }

    @Test func aClockChangeShowsTheFormAgainBecauseItsDueDayMayHavePassed() async {
        let fixture = Fixture()
        await fixture.presenter.clockDidChange()
        #expect(fixture.view.renders.count == 1)
    }
}
