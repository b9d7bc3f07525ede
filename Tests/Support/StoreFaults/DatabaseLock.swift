import GRDB

/// Another connection that holds a database's write lock, as another engine or `sqlite3` in
/// the middle of a long transaction would, until `release`.
public final class DatabaseLock {
    private let connection: DatabaseQueue

    /// Takes the exclusive lock of the database at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        // The transaction stays open between calls, which GRDB refuses unless told.
        configuration.allowsUnsafeTransactions = true
        connection = try DatabaseQueue(path: path, configuration: configuration)
        try connection.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    }

    /// Lets the lock go.
    public func release() throws {
        try connection.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
    }
}
