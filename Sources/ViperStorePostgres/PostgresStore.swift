import Logging
import PostgresNIO
import Synchronization
import ViperStore

/// A workspace's data on PostgreSQL: its own schema of the shared database, so that two
/// workspaces hold tables of the same names and rows of the same keys (a username, a place)
/// without meeting. Many processes, on many machines, may serve the workspace at once; what
/// one commits, the others' sessions hear of (`changes(where:keepingNewest:)`) through the
/// database's `LISTEN`/`NOTIFY`.
///
/// The schema and its migrations are made the first time a transaction needs them (`prepare`),
/// under a lock every process honours.
public final class PostgresStore: StoreBackend {
    /// The schema, named after the workspace (`PostgresDatabase.schema(forWorkspace:)`).
    public let schema: String
    private let database: PostgresDatabase
    let feed = StoreChangeFeed()
    /// The migration of the schema, once it has started; a failed one is tried again.
    private let migration = Mutex<Task<Void, any Error>?>(nil)

    init(database: PostgresDatabase, schema: String) {
        self.database = database
        self.schema = schema
    }

    public var dialect: StoreDialect { .postgresql }

    /// Makes the schema and runs its pending migrations, once; throws why it could not.
    public func prepare() async throws {
        let task = migration.withLock { running -> Task<Void, any Error> in
            if let running { return running }
            let database = database
            let schema = schema
            let started = Task { try await database.migrate(schema: schema) }
            running = started
            return started
        }
        do {
            try await task.value
        } catch {
            // The next transaction tries again: the server may be back by then.
            migration.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    public func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try await transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", origin: nil, body)
    }

    public func write<Value: Sendable>(origin: StoreOrigin, _ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try await transaction(begin: "BEGIN", origin: origin, body)
    }

    /// The statement alone, in the implicit transaction PostgreSQL gives it, which commits as
    /// the statement ends.
    public func writeStatement(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await query(sql, arguments)
    }

    /// The statement alone, in the implicit transaction PostgreSQL gives it.
    public func query(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await prepare()
        let database = database
        let schema = schema
        return try await database.connections.withConnection(schema: schema) { connection in
            try await PostgresTransaction(connection: connection, schema: schema, location: database.location, logger: database.logger).query(sql, arguments)
        }
    }

    public func changes(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange> {
        feed.subscribe(where: wants, keepingNewest: buffered)
    }

    /// The database closes with every workspace's store: `PostgresDatabase.close()`.
    public func close() async throws {}

    /// Runs `body` between `begin` and `COMMIT` (or `ROLLBACK` when it throws) on a connection
    /// of the pool; a write's changes are notified inside it, so other processes hear of them
    /// only if it commits.
    private func transaction<Value: Sendable>(
        begin: String, origin: StoreOrigin?, _ body: (any StoreTransaction) async throws -> Value
    ) async throws -> Value {
        try await prepare()
        let database = database
        let schema = schema
        return try await database.connections.withConnection(schema: schema) { connection in
            let transaction = PostgresTransaction(connection: connection, schema: schema, location: database.location, logger: database.logger)
            try await transaction.execute(begin, [])
            do {
                let value = try await body(transaction)
                if let origin {
                    for topic in transaction.announced {
                        let payload = PostgresChangeListener.payload(schema: schema, change: StoreChange(topic: topic, origin: origin))
                        try await transaction.execute("SELECT pg_notify(?, ?)", [.text(PostgresChangeListener.channel), .text(payload)])
                    }
                }
                try await transaction.execute("COMMIT", [])
                return value
            } catch {
                try? await transaction.execute("ROLLBACK", [])
                throw error
            }
        }
    }
}
