import GRDB
import ViperCore

/// A row of the `todo` table.
struct TodoRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "todo"

    var id: Int64?
    var title: String
    var dueDay: String

    enum CodingKeys: String, CodingKey {
        case id, title
        case dueDay = "due_day"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The ToDo this row stores; throws when the row does not hold one (no id, or a due day that
    /// is not `YYYY-MM-DD`).
    func item() throws -> TodoItem {
        guard let id else {
            throw DatabaseError(message: "a todo row has no id")
        }
        guard let day = CalendarDay(dueDay) else {
            throw DatabaseError(message: "the todo row \(id) has an invalid due day '\(dueDay)'")
        }
        return TodoItem(id: id, title: title, dueDay: day)
    }
}

extension TodoRecord {
    /// Reads the columns by position, in the order the list's query selects them, not through
    /// `Decodable`: GRDB's decoder checks each field's type for its database protocols on every
    /// row, and reading by name looks each name up, which made fetching the list's 10,000 ToDos
    /// cost 21,000 instructions per ToDo (BENCHMARKS.md). Inserts still encode through Codable.
    ///
    /// GRDB's throwing `decode`, not its subscript: the subscript traps on a value it cannot
    /// convert, and a `NULL` title written by another tool killed the engine (SIGILL).
    init(row: Row) throws {
        self.init(id: try row.decode(atIndex: 0), title: try Self.text(row, at: 1, column: "title"), dueDay: try Self.text(row, at: 2, column: "due_day"))
    }

    private static func text(_ row: Row, at index: Int, column: String) throws -> String {
        guard let text = try row.decode(String?.self, atIndex: index) else {
            throw DatabaseError(message: "a todo row has no \(column) (NULL)")
        }
        return text
    }
}
