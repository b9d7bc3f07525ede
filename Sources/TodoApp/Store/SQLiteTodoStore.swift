import GRDB
import ViperCore

/// Keeps ToDos in an SQLite database through GRDB.
///
/// The file uses write-ahead logging with `synchronous = FULL`: a save is on disk, not only in
/// the operating system's cache, before `add` returns, so it survives the engine being killed
/// and the machine losing power right after the client got its response.
public final class SQLiteTodoStore: Sendable {
    private let database: DatabaseQueue

    /// Opens (creating if needed) the database file at `path` and migrates it.
    public convenience init(path: String) throws {
        try self.init(database: DatabaseQueue(path: path, configuration: Self.configuration))
    }

    /// A database that lives in memory and disappears with the store.
    public static func inMemory() throws -> SQLiteTodoStore {
        try SQLiteTodoStore(database: DatabaseQueue(configuration: configuration))
    }

    private init(database: DatabaseQueue) throws {
        self.database = database
        // Set here, not in `prepareDatabase`: GRDB runs `PRAGMA synchronous = NORMAL` when it
        // turns write-ahead logging on, after the configuration's own statements, and NORMAL
        // syncs the log only at checkpoints, so saves were not on disk when `add` returned (a
        // run of 200 saves made 4 fdatasync calls; BENCHMARKS.md).
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try Self.migrator.migrate(database)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another engine on the same file may hold the write lock for a moment.
        configuration.busyMode = .timeout(5)
        return configuration
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: todo") { db in
            try db.create(table: TodoRecord.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                // `YYYY-MM-DD` sorts like the days it names, so range queries can use the index.
                table.column("due_day", .text).notNull().indexed()
            }
        }
        migrator.registerMigration("v2: covering index for the list") { db in
            // The list reads the window's ToDos in index order; with the title in the index too,
            // SQLite never looks a row up in the table: a twelfth of showing 10,000 ToDos
            // (BENCHMARKS.md). It serves every query the first index served, which goes.
            try db.create(index: "todo_on_due_day_id_title", on: TodoRecord.databaseTableName, columns: ["due_day", "id", "title"])
            try db.drop(index: "todo_on_due_day")
        }
        return migrator
    }
}

// The store calls GRDB's synchronous `read` and `write`, which run on the calling thread when
// the database is idle, as it is between one request and the next. The asynchronous ones hop to
// GRDB's queue and back, waking a sleeping thread each way: 1,500 futex calls for 200 saves,
// which made a durable save take more than twice as long as SQLite's own (BENCHMARKS.md).
extension SQLiteTodoStore: TodoStore {
    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try read { db in
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
        try write { db in
            try TodoRecord(id: nil, title: title, dueDay: dueDay.description).inserted(db).item()
        }
    }
}

extension SQLiteTodoStore {
    /// GRDB's synchronous read: called from a synchronous function, so that the compiler does
    /// not pick the asynchronous overload.
    private func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try database.read(body)
    }

    /// GRDB's synchronous write, in a transaction that is committed when it returns.
    private func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try database.write(body)
    }

    /// How SQLite reads the list, for the tests of the covering index.
    func upcomingItemsQueryPlan() throws -> [String] {
        try read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(Self.upcomingItemsSQL)", arguments: ["2026-11-01", "2026-11-30"])
                .map { $0["detail"] }
        }
    }

    /// The names of the `todo` table's indexes, for the tests of the migrations.
    func indexNames() throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name", arguments: [TodoRecord.databaseTableName])
        }
    }

    /// The connection's `synchronous` setting (2 is FULL), for the tests of durability.
    func synchronousSetting() throws -> Int? {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    }
}

/// A row of the `todo` table.
private struct TodoRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "todo"

    var id: Int64?
    var title: String
    var dueDay: String

    enum CodingKeys: String, CodingKey {
        case id, title
        case dueDay = "due_day"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let dueDay = Column(CodingKeys.dueDay)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    func item() throws -> TodoItem {
        guard let id, let day = CalendarDay(dueDay) else {
            throw DatabaseError(message: "the todo row \(id.map(String.init) ?? "?") has an invalid due day '\(dueDay)'")
        }
        return TodoItem(id: id, title: title, dueDay: day)
    }
}

extension TodoRecord {
    /// Reads the columns by position, in the order `items` selects them, not through
    /// `Decodable`: GRDB's decoder checks each field's type for its database protocols on every
    /// row, and reading by name looks each name up, which made fetching the list's 10,000 ToDos
    /// cost 21,000 instructions per ToDo (BENCHMARKS.md). Inserts still encode through Codable.
    init(row: Row) throws {
        self.init(id: row[0], title: row[1], dueDay: row[2])
    }
}
