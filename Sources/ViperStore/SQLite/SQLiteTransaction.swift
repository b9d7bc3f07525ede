import Foundation
import GRDB

/// A transaction of a `SQLiteStore`: each statement a cached one, compiled once per connection.
final class SQLiteTransaction: StoreTransaction {
    private let store: SQLiteStore
    /// What the body announced, published once the transaction commits.
    private(set) var announced: [String] = []

    init(store: SQLiteStore) {
        self.store = store
    }

    var dialect: StoreDialect { .sqlite }

    func query(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) -> [StoreRow] {
        try store.access { db in
            // A cached statement is compiled once per connection; compiling the list's query on
            // every read cost 175,000 instructions each time the list showed.
            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(StatementArguments(arguments.map(Self.databaseValue)))
            let columns = StoreColumns(statement.columnNames)
            let count = statement.columnCount
            var rows: [StoreRow] = []
            let cursor = try Row.fetchCursor(statement)
            while let row = try cursor.next() {
                var values: [StoreValue] = []
                values.reserveCapacity(count)
                for index in 0..<count { values.append(Self.storeValue(row[index] as DatabaseValue)) }
                rows.append(StoreRow(values: values, columns: columns))
            }
            return rows
        }
    }

    func execute(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) {
        try store.access { db in
            let statement = try db.cachedStatement(sql: sql)
            try statement.execute(arguments: StatementArguments(arguments.map(Self.databaseValue)))
        }
    }

    /// Writers already take turns: `BEGIN IMMEDIATE` holds the file's write lock.
    func serialize(on key: String) async throws(StoreError) {}

    func announce(_ topic: String) {
        if !announced.contains(topic) { announced.append(topic) }
    }

    private static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .bytes(let bytes): Data(bytes).databaseValue
        }
    }

    private static func storeValue(_ value: DatabaseValue) -> StoreValue {
        switch value.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .bytes(Array(data))
        }
    }
}
