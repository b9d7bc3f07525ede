import AppTestSupport
import Testing
import ViperCore

@testable import TodoApp

struct TodoListInteractorTests {
    @Test func asksTheStoreOnlyForDaysFromTodayToTheEndOfNextWeek() async throws {
        let store = StubTodoStore()
        let interactor = TodoListInteractor(store: store, clock: FixedClock("2026-11-18T10:00:00Z"), calendar: testCalendar(firstWeekday: 2), work: SceneWorkDouble())
        _ = try await interactor.upcomingItems()
        // Wednesday 18, Monday-first weeks: next week ends on Sunday 29.
        #expect(store.queries == [day("2026-11-18")...day("2026-11-29")])
    }

    @Test func groupsEachStoredItemByHowItsDueDayRelatesToToday() async throws {
        let milk = TodoItem(id: 1, title: "Milk", dueDay: day("2026-11-18"))
        let bread = TodoItem(id: 2, title: "Bread", dueDay: day("2026-11-19"))
        let eggs = TodoItem(id: 3, title: "Eggs", dueDay: day("2026-11-21"))
        let tea = TodoItem(id: 4, title: "Tea", dueDay: day("2026-11-22"))
        let store = StubTodoStore([tea, eggs, bread, milk])
        let interactor = TodoListInteractor(store: store, clock: FixedClock("2026-11-18T10:00:00Z"), calendar: testCalendar(), work: SceneWorkDouble())
        #expect(try await interactor.upcomingItems() == [
            UpcomingItem(item: milk, relation: .today), UpcomingItem(item: bread, relation: .tomorrow),
            UpcomingItem(item: eggs, relation: .laterThisWeek), UpcomingItem(item: tea, relation: .nextWeek),
        ])
    }

    @Test func todayIsTheClocksDayInTheSessionTimeZone() async throws {
        let store = StubTodoStore([TodoItem(id: 1, title: "Call", dueDay: day("2026-11-19"))])
        // 23:30 UTC on the 18th is already the 19th in Tokyo.
        let interactor = TodoListInteractor(store: store, clock: FixedClock("2026-11-18T23:30:00Z"), calendar: testCalendar(timeZone: "Asia/Tokyo"), work: SceneWorkDouble())
        #expect(try await interactor.upcomingItems().map(\.relation) == [.today])
    }

    @Test func passesOnTheStoresFailure() async {
        let store = StubTodoStore()
        store.fail(with: "disk I/O error")
        let interactor = TodoListInteractor(store: store, clock: FixedClock("2026-11-18T10:00:00Z"), calendar: testCalendar(), work: SceneWorkDouble())
        await #expect(throws: StubTodoStore.Failure.self) { try await interactor.upcomingItems() }
    }

    @Test("The Interactor tells whoever asked each time another session saves a ToDo, for as long as the scene's work runs")
    func othersSavingIsToldAsItHappens() async throws {
        let store = StubTodoStore()
        let work = SceneWorkDouble()
        let interactor = TodoListInteractor(store: store, clock: FixedClock("2026-11-18T10:00:00Z"), calendar: testCalendar(), work: work)
        let (told, telling) = AsyncStream.makeStream(of: Void.self)
        await interactor.whenOthersChangeItems { telling.yield() }
        #expect(work.listening == 1)
        store.othersSavedAnItem()
        store.othersSavedAnItem()
        var heard = told.makeAsyncIterator()
        #expect(await heard.next() != nil)
        #expect(await heard.next() != nil)
    }
}
