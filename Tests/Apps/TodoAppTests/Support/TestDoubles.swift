import Foundation
import Synchronization
import ViperCore
import ViperStore

@testable import TodoApp

/// A day from its `YYYY-MM-DD` text.
func day(_ text: String) -> CalendarDay {
    CalendarDay(text)!
}

/// A ToDo store in memory that records what it was asked and can be told to fail.
final class StubTodoStore: TodoStore {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct State {
        var items: [TodoItem] = []
        var queries: [ClosedRange<CalendarDay>] = []
        var failure: Failure?
    }

    private let state = Mutex(State())
    private let changes = AsyncStream.makeStream(of: StoreChange.self)

    init(_ items: [TodoItem] = []) {
        state.withLock { $0.items = items }
    }

    var items: [TodoItem] { state.withLock { $0.items } }
    var queries: [ClosedRange<CalendarDay>] { state.withLock { $0.queries } }

    /// Makes every later call fail with `message`.
    func fail(with message: String) {
        state.withLock { $0.failure = Failure(description: message) }
    }

    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try state.withLock { state in
            state.queries.append(first...last)
            if let failure = state.failure { throw failure }
            // Like the real store: the range, ordered by due day then creation.
            return state.items.filter { (first...last).contains($0.dueDay) }
                .sorted { ($0.dueDay, $0.id) < ($1.dueDay, $1.id) }
        }
    }

    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let item = TodoItem(id: Int64(state.items.count + 1), title: title, dueDay: dueDay)
            state.items.append(item)
            return item
        }
    }

    func changesByOthers() -> AsyncStream<StoreChange> {
        changes.stream
    }

    /// Says that another session saved a ToDo, to whoever listens.
    func othersSavedAnItem() {
        changes.continuation.yield(StoreChange(topic: "todo", origin: .unique()))
    }
}
