/// A database that keeps the data of one workspace's sessions: what `Store` runs on. SQLite
/// (`SQLiteStore`, the default) and PostgreSQL (`PostgresStore`, for many processes)
/// implement it, with the same promises:
/// - **Durable**: a write has reached the disk, or the server's, before `write` returns.
/// - **Atomic**: a body that throws changes nothing.
/// - **Migrated** before the first use, once, even by engines starting together; a database a
///   newer engine wrote is refused, not damaged.
/// - **Heard**: what a write announces reaches every stream of the workspace that wants it
///   (`changes(where:keepingNewest:)`), on any process, once the write commits, with the origin
///   that made it.
public protocol StoreBackend: Sendable {
    /// Which SQL the database speaks.
    var dialect: StoreDialect { get }

    /// Runs `body` in a transaction that sees one state of the database, and writes nothing.
    func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value

    /// The rows one statement gives, which sees one state of the database by itself: what a
    /// read of one statement costs without a transaction around it (on PostgreSQL, one round
    /// trip instead of three).
    func query(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow]

    /// Runs `body` in a transaction that is committed, and durable, when this returns; its
    /// announced changes carry `origin`.
    func write<Value: Sendable>(origin: StoreOrigin, _ body: (any StoreTransaction) async throws -> Value) async throws -> Value

    /// Runs one statement that writes, in a transaction of its own, committed when this returns,
    /// and gives the rows it returns; it announces nothing. On PostgreSQL, one round trip where
    /// `write` takes one per statement and two more: for a writer on a latency budget (a
    /// session's journal), whose statement does all its work itself.
    func writeStatement(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow]

    /// The changes committed from now on in this workspace, by any origin on any process, that
    /// `wants` keeps, until the task iterating them is cancelled. At most `buffered` wait while
    /// the listener is busy: the newest.
    func changes(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange>

    /// Lets the database go once every session is done: later reads and writes throw.
    func close() async throws
}

extension StoreBackend {
    /// The statement in a write transaction of its own, where that costs nothing more.
    public func writeStatement(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await write(origin: .unique()) { db in try await db.query(sql, arguments) }
    }

    /// One statement in a read transaction of its own, where that costs nothing more.
    public func query(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await read { db in try await db.query(sql, arguments) }
    }
}
