import ViperCore
import ViperStore

/// A store whose next save fails when a test asks for it (`debug.injectFault` with `todo.save`).
/// The composition root puts it in front of the real store only in engines started with fault
/// injection, so the product's save path never consults an injector.
struct FaultInjectingTodoStore: TodoStore {
    let base: any TodoStore
    let faults: FaultInjector

    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try await base.items(dueFrom: first, through: last)
    }

    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem {
        try faults.check(TodoApp.saveOperation)
        return try await base.add(title: title, dueDay: dueDay)
    }

    func changesByOthers() -> AsyncStream<StoreChange> {
        base.changesByOthers()
    }
}
