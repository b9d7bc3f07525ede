import AppTestSupport
import Testing
import ViperCore

@testable import TodoApp

private func interactor(_ store: StubTodoStore = StubTodoStore(), now: String = "2026-11-18T10:00:00Z") -> TodoAddInteractor {
    TodoAddInteractor(store: store, clock: FixedClock(now), calendar: testCalendar())
}

struct TodoAddInteractorTests {
    @Test func aNewDraftIsEmptyAndCannotBeSaved() async {
        #expect(await interactor().draft() == AddDraft(title: "", dueDay: nil, problems: [.missingTitle, .missingDueDay]))
    }

    @Test func aTitleAndADueDayFromTodayOnAllowSaving() async {
        let interactor = interactor()
        #expect(await interactor.changeTitle(to: "Milk").canSave == false)
        #expect(await interactor.changeDueDay(to: day("2026-11-18")) == AddDraft(title: "Milk", dueDay: day("2026-11-18"), problems: []))
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func aBlankTitleNeverAllowsSaving(title: String) async {
        let interactor = interactor()
        _ = await interactor.changeDueDay(to: day("2026-11-20"))
        #expect(await interactor.changeTitle(to: title).problems == [.missingTitle])
    }

    @Test func aDueDayBeforeTodayDoesNotAllowSaving() async {
        let interactor = interactor()
        _ = await interactor.changeTitle(to: "Milk")
        #expect(await interactor.changeDueDay(to: day("2026-11-17")).problems == [.dueDayInThePast])
    }

    @Test func everyBrokenRuleIsReportedTitleFirst() async {
        let interactor = interactor()
        _ = await interactor.changeTitle(to: " ")
        #expect(await interactor.changeDueDay(to: day("2026-11-17")).problems == [.missingTitle, .dueDayInThePast])
    }

    @Test func clearingTheDueDayStopsSaving() async {
        let interactor = interactor()
        _ = await interactor.changeTitle(to: "Milk")
        _ = await interactor.changeDueDay(to: day("2026-11-20"))
        #expect(await interactor.changeDueDay(to: nil) == AddDraft(title: "Milk", dueDay: nil, problems: [.missingDueDay]))
    }

    @Test func todayIsTheClocksDayInTheSessionTimeZone() async {
        // 23:30 UTC on the 18th is the 19th in Tokyo, so the 18th is already past there.
        let interactor = TodoAddInteractor(store: StubTodoStore(), clock: FixedClock("2026-11-18T23:30:00Z"), calendar: testCalendar(timeZone: "Asia/Tokyo"))
        _ = await interactor.changeTitle(to: "Milk")
        #expect(await interactor.changeDueDay(to: day("2026-11-18")).canSave == false)
    }

    @Test func savingStoresTheTrimmedTitleAndTheDueDay() async {
        let store = StubTodoStore()
        let interactor = interactor(store)
        _ = await interactor.changeTitle(to: "  Buy milk \n")
        _ = await interactor.changeDueDay(to: day("2026-11-20"))
        let saved = TodoItem(id: 1, title: "Buy milk", dueDay: day("2026-11-20"))
        #expect(await interactor.save() == .saved(saved))
        #expect(store.items == [saved])
    }

    @Test func savingAnUnfinishedDraftStoresNothing() async {
        let store = StubTodoStore()
        let interactor = interactor(store)
        _ = await interactor.changeTitle(to: "Milk")
        #expect(await interactor.save() == .notReady)
        #expect(store.items.isEmpty)
    }

    @Test func aFailedSaveReportsTheStoresMessageAndKeepsTheDraft() async {
        let store = StubTodoStore()
        let interactor = interactor(store)
        _ = await interactor.changeTitle(to: "Milk")
        _ = await interactor.changeDueDay(to: day("2026-11-20"))
        store.fail(with: "disk full")
        #expect(await interactor.save() == .failed(reason: "disk full"))
        #expect(await interactor.draft() == AddDraft(title: "Milk", dueDay: day("2026-11-20"), problems: []))
    }
}
