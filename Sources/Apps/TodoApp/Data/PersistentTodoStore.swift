import ViperCore
import ViperStore

/// Keeps ToDos in the workspace's database, in the table `todo`, on SQLite or PostgreSQL.
///
/// Every read of stored data throws rather than traps: a row that another tool wrote, or that a
/// damaged file holds, makes the list show its "could not load" alert, and the engine goes on.
struct PersistentTodoStore: TodoStore {
    let store: Store

    /// What a save announces, and the list listens to.
    static let topic = "todo"

    /// The steps that make and update the `todo` table, in order.
    static let migrations = [
        StoreMigration("v1: todo") { dialect in
            [
                // `YYYY-MM-DD` sorts like the days it names, so range queries can use the index.
                "CREATE TABLE todo (id \(dialect.autoIncrementingKey), title TEXT NOT NULL, due_day TEXT NOT NULL)",
                "CREATE INDEX todo_on_due_day ON todo (due_day)",
            ]
        },
        StoreMigration("v2: covering index for the list") { _ in
            // The list reads the window's ToDos in index order; with the title in the index too,
            // SQLite never looks a row up in the table: a twelfth of showing 10,000 ToDos
            // (BENCHMARKS.md). It serves every query the first index served, which goes.
            ["CREATE INDEX todo_on_due_day_id_title ON todo (due_day, id, title)", "DROP INDEX todo_on_due_day"]
        },
    ]

    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try await store.query(Self.upcomingItemsSQL, first.description, last.description).map(Self.item)
    }

    /// ToDos due in a range of days, ordered by due day then creation, with their columns in the
    /// order `item(_:)` reads them.
    static let upcomingItemsSQL = "SELECT id, title, due_day FROM todo WHERE due_day >= ? AND due_day <= ? ORDER BY due_day, id"

    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem {
        try await store.write { db in
            let row = try await db.row("INSERT INTO todo (title, due_day) VALUES (?, ?) RETURNING id, title, due_day", title, dueDay.description)
            guard let row else { throw StoreError.unreadable("the new ToDo's row did not come back") }
            db.announce(Self.topic)
            return try Self.item(row)
        }
    }

    func changesByOthers() -> AsyncStream<StoreChange> {
        store.changes(of: [Self.topic])
    }

    /// The ToDo a row holds; throws when it holds none (no id, no title, or a due day that is not
    /// `YYYY-MM-DD`).
    private static func item(_ row: StoreRow) throws -> TodoItem {
        guard let id: Int64 = try row.get(0) else { throw StoreError.unreadable("a todo row has no id") }
        let title: String = try Self.text(row, 1, column: "title")
        let dueDay: String = try Self.text(row, 2, column: "due_day")
        guard let day = CalendarDay(dueDay) else { throw StoreError.unreadable("the todo row \(id) has an invalid due day '\(dueDay)'") }
        return TodoItem(id: id, title: title, dueDay: day)
    }

    private static func text(_ row: StoreRow, _ index: Int, column: String) throws -> String {
        guard let text: String = try row.get(index) else { throw StoreError.unreadable("a todo row has no \(column) (NULL)") }
        return text
    }
}
