import ViperCore
import ViperStore

/// The ToDo data manager: where Interactors keep ToDos and find them again.
protocol TodoStore: Sendable {
    /// ToDos due from `first` through `last`, ordered by due day, then by creation.
    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem]

    /// Stores a new ToDo and returns it with its id. The ToDo is durable when this returns.
    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem

    /// ToDos that other sessions of the workspace save from now on, here or on another process,
    /// until the iterating task is cancelled; not those saved through this store.
    func changesByOthers() -> AsyncStream<StoreChange>
}
