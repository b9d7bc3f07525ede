import ViperCore

/// Finds the ToDos the list shows: those due from today to the end of next week.
struct TodoListInteractor: TodoListInteracting {
    let store: any TodoStore
    let clock: any WallClock
    let calendar: DayCalendar
    /// The scene's background work, where the list listens for others' ToDos.
    let work: any SceneWork

    func upcomingItems() async throws -> [UpcomingItem] {
        let window = UpcomingWindow(today: calendar.day(of: clock.now), calendar: calendar)
        return try await store.items(dueFrom: window.today, through: window.lastDay).compactMap { item in
            window.relation(of: item.dueDay).map { UpcomingItem(item: item, relation: $0) }
        }
    }

    func whenOthersChangeItems(_ changed: @escaping @Sendable () async -> Void) async {
        await work.forEach(in: store.changesByOthers()) { _ in await changed() }
    }
}
