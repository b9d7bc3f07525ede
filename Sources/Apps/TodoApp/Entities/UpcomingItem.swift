/// A ToDo inside the list's window, with how its due day relates to today.
struct UpcomingItem: Sendable, Equatable {
    let item: TodoItem
    let relation: DueRelation
}
