import GRDB
import ViperCore
import ViperStore

/// Keeps ToDos in the engine's SQLite database, in the table `todo`.
///
/// Every read of stored data throws rather than traps: a row that another tool wrote, or that a
/// damaged file holds, makes the list show its "could not load" alert, and the engine goes on.
struct SQLiteTodoStore: TodoStore {
    let database: StoreDatabase

    /// The steps that make and update the `todo` table, in order.
    static let migrations = [
        StoreMigration("v1: todo") { db in
            try db.create(table: TodoRecord.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                // `YYYY-MM-DD` sorts like the days it names, so range queries can use the index.
                table.column("due_day", .text).notNull().indexed()
            }
        },
        StoreMigration("v2: covering index for the list") { db in
            // The list reads the window's ToDos in index order; with the title in the index too,
            // SQLite never looks a row up in the table: a twelfth of showing 10,000 ToDos
            // (BENCHMARKS.md). It serves every query the first index served, which goes.
            try db.create(index: "todo_on_due_day_id_title", on: TodoRecord.databaseTableName, columns: ["due_day", "id", "title"])
            try db.drop(index: "todo_on_due_day")
        },
    ]

    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try database.read { db in
            // A cached statement is compiled once per connection; the query interface compiled
            // the query anew on every read, 175,000 instructions each time the list showed.
            let statement = try db.cachedStatement(sql: Self.upcomingItemsSQL)
            return try TodoRecord.fetchCursor(statement, arguments: [first.description, last.description])
                .map { try $0.item() }
                .reduce(into: []) { items, item in items.append(item) }
        }
    }

    /// ToDos due in a range of days, ordered by due day then creation, with their columns in the
    /// order `TodoRecord.init(row:)` reads them.
    private static let upcomingItemsSQL = """
        SELECT id, title, due_day FROM \(TodoRecord.databaseTableName)
        WHERE due_day >= ? AND due_day <= ? ORDER BY due_day, id
        """

    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem {
        try database.write { db in
            try TodoRecord(id: nil, title: title, dueDay: dueDay.description).inserted(db).item()
        }
    }
}

extension SQLiteTodoStore {
    /// How SQLite reads the list, for the tests of the covering index.
    func upcomingItemsQueryPlan() throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(Self.upcomingItemsSQL)", arguments: ["2026-11-01", "2026-11-30"])
                .map { try $0.decode(forColumn: "detail") }
        }
    }

    /// The names of the `todo` table's indexes, for the tests of the migrations.
    func indexNames() throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name", arguments: [TodoRecord.databaseTableName])
        }
    }

    /// The connection's `synchronous` setting (2 is FULL), for the tests of durability.
    func synchronousSetting() throws -> Int? {
        try database.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    }
}
