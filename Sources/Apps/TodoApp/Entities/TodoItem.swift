import ViperCore

/// A ToDo as the store keeps it.
struct TodoItem: Sendable, Equatable, Identifiable {
    /// The store's id; ids grow with creation, so they also order ToDos by creation.
    let id: Int64
    let title: String
    let dueDay: CalendarDay
}
