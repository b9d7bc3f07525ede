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
        try Self.migrator.migrate(database)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another engine on the same file may hold the write lock for a moment.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
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
        return migrator
    }
}

extension SQLiteTodoStore: TodoStore {
    func items(dueFrom first: CalendarDay, through last: CalendarDay) async throws -> [TodoItem] {
        try await database.read { db in
            try TodoRecord
                .select(TodoRecord.Columns.id, TodoRecord.Columns.title, TodoRecord.Columns.dueDay)
                .filter(TodoRecord.Columns.dueDay >= first.description && TodoRecord.Columns.dueDay <= last.description)
                .order(TodoRecord.Columns.dueDay, TodoRecord.Columns.id)
                .fetchCursor(db)
                .map { try $0.item() }
                .reduce(into: []) { items, item in items.append(item) }
        }
    }

    func add(title: String, dueDay: CalendarDay) async throws -> TodoItem {
        try await database.write { db in
            try TodoRecord(id: nil, title: title, dueDay: dueDay.description).inserted(db).item()
        }
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
