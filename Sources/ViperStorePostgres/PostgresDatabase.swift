import Foundation
import Logging
import Synchronization
import ViperStore

/// A PostgreSQL database that many viper processes share: a pool of connections on the event
/// loops the server's own sockets use, a store per workspace (a schema each), and one listener
/// for the changes every process commits.
public final class PostgresDatabase: Sendable {
    /// Where the database is; its `description` never shows the password.
    public let location: PostgresLocation
    let connections: PostgresConnections
    let migrations: StoreMigrations
    let logger: Logger
    private let listener = PostgresChangeListener()
    private let stores = Mutex<[String: PostgresStore]>([:])

    /// The schema of the workspace of a session whose `initialize` names none.
    public static let defaultSchema = "viper"

    private init(location: PostgresLocation, migrations: StoreMigrations, connections: PostgresConnections, logger: Logger) {
        self.location = location
        self.migrations = migrations
        self.connections = connections
        self.logger = logger
    }

    /// Connects to the database at `location`, makes the default workspace's schema and runs its
    /// `migrations`, and starts hearing what every process changes. Throws, in words that name
    /// the server and never the password, when the server cannot be reached, refuses the user,
    /// or holds a schema a newer viper wrote.
    public static func open(
        _ location: PostgresLocation, migrations: [StoreMigration], maxConnections: Int = 10, connectTimeout: Duration = .seconds(5),
        logger: Logger
    ) async throws -> PostgresDatabase {
        let connections = try PostgresConnections(location: location, limit: maxConnections, connectTimeout: connectTimeout, logger: logger)
        let database = PostgresDatabase(location: location, migrations: try StoreMigrations(migrations), connections: connections, logger: logger)
        do {
            try await database.store(schema: defaultSchema).prepare()
        } catch {
            await connections.close()
            throw error
        }
        await database.listener.start(
            connections: connections, logger: logger,
            deliver: { [weak database] schema, change in database?.existingStore(schema: schema)?.feed.publish(change) },
            missed: { [weak database] in
                for store in database?.stores.withLock({ Array($0.values) }) ?? [] {
                    store.feed.publish(StoreChange(topic: StoreChange.everything, origin: StoreOrigin(name: "reconnected")))
                }
            })
        return database
    }

    /// The store of the workspace named `workspace`, or the default one; its schema is made when
    /// it is first used.
    public func store(forWorkspace workspace: String?) -> PostgresStore {
        store(schema: workspace.map(Self.schema(forWorkspace:)) ?? Self.defaultSchema)
    }

    /// The schema a workspace's data lives in: `viper_` and its name, which a workspace's rule
    /// keeps to lowercase letters, digits, `-` and `_`; a name too long for PostgreSQL's 63-byte
    /// identifiers is cut and ends with a digest of the whole, so two names never share one.
    public static func schema(forWorkspace name: String) -> String {
        let schema = "viper_" + name
        guard schema.utf8.count > 63 else { return schema }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(digest, radix: 16)
        return String(schema.prefix(63 - 17)) + "_" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Stops listening and closes every connection.
    public func close() async {
        listener.stop()
        for store in stores.withLock({ Array($0.values) }) { store.feed.finish() }
        await connections.close()
    }

    private func store(schema: String) -> PostgresStore {
        stores.withLock { stores in
            if let store = stores[schema] { return store }
            let store = PostgresStore(database: self, schema: schema)
            stores[schema] = store
            return store
        }
    }

    private func existingStore(schema: String) -> PostgresStore? {
        stores.withLock { $0[schema] }
    }

    /// Makes `schema` and runs the migrations it has not recorded, in one transaction under a
    /// lock every process honours, so that processes starting together take turns and the
    /// second finds the work done. Refuses a schema that records migrations this engine does not
    /// know: a newer engine wrote it.
    ///
    /// The lock is taken before the transaction begins, not in it: a transaction that waited for
    /// it inside kept the view of the catalog it had before waiting, and `CREATE SCHEMA IF NOT
    /// EXISTS` then made again the schema the other process had just made, and failed
    /// (`duplicate key value violates unique constraint "pg_namespace_nspname_index"`).
    func migrate(schema: String) async throws {
        let database = "\(location)" + (schema == Self.defaultSchema ? "" : " (workspace schema \(schema))")
        try await connections.withConnection(schema: schema) { connection in
            let transaction = PostgresTransaction(connection: connection, schema: schema, location: location, logger: logger)
            try await transaction.execute("SELECT pg_advisory_lock(hashtext(?))", [.text(Self.migrationLock)])
            do {
                try await runMigrations(schema: schema, database: database, on: transaction)
                try await transaction.execute("SELECT pg_advisory_unlock(hashtext(?))", [.text(Self.migrationLock)])
            } catch {
                // A connection that broke lets the lock go with it.
                try? await transaction.execute("SELECT pg_advisory_unlock(hashtext(?))", [.text(Self.migrationLock)])
                throw error
            }
        }
    }

    /// What processes migrating take turns on.
    private static let migrationLock = "viper migrations"

    private func runMigrations(schema: String, database: String, on transaction: PostgresTransaction) async throws {
        try await transaction.execute("BEGIN", [])
        do {
            try await transaction.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresConnections.quoted(schema))", [])
            try await transaction.execute("CREATE TABLE IF NOT EXISTS viper_migrations (identifier TEXT NOT NULL PRIMARY KEY)", [])
            let applied: [String] = try await transaction.query("SELECT identifier FROM viper_migrations", []).map { try $0.get(0) }
            for migration in try migrations.pending(after: Set(applied), in: database) {
                for statement in migration.statements(.postgresql) { try await transaction.execute(statement, []) }
                try await transaction.execute("INSERT INTO viper_migrations (identifier) VALUES (?)", [.text(migration.identifier)])
            }
            try await transaction.execute("COMMIT", [])
        } catch {
            try? await transaction.execute("ROLLBACK", [])
            throw error
        }
    }
}
