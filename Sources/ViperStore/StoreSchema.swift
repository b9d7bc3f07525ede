import GRDB

/// The migrations of every store that shares one database file, in the order they run.
///
/// GRDB's `DatabaseMigrator` reads which migrations were applied before it takes the write lock,
/// then runs each in a transaction of its own: two engines starting together on a new file both
/// saw none applied, and the second failed with "table todo already exists" (about one start in
/// three). Here the check and every step run in one `BEGIN IMMEDIATE` transaction, under the
/// write lock, so engines that start together take turns and the second finds the work done.
/// The bookkeeping stays GRDB's table, `grdb_migrations`, so files that its migrator made carry
/// on where they were.
struct StoreSchema: Sendable {
    let migrations: [StoreMigration]

    static let bookkeepingTable = "grdb_migrations"

    init(_ migrations: [StoreMigration]) throws(StoreError) {
        var seen: Set<String> = []
        for migration in migrations where !seen.insert(migration.identifier).inserted {
            throw .duplicateMigration(migration.identifier)
        }
        self.migrations = migrations
    }

    /// Runs the migrations `db` has not recorded yet, all in one immediate transaction.
    /// Refuses a database that records migrations this schema does not know: a newer engine
    /// wrote it, and this one could damage what it cannot read.
    func migrate(_ db: Database, path: String) throws {
        try db.inTransaction(.immediate) {
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(Self.bookkeepingTable) (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM \(Self.bookkeepingTable)"))
            let known = Set(migrations.map(\.identifier))
            let unknown = applied.subtracting(known)
            guard unknown.isEmpty else { throw StoreError.newerVersion(path: path, unknownMigrations: unknown.sorted()) }
            for migration in migrations where !applied.contains(migration.identifier) {
                try migration.apply(db)
                try db.execute(sql: "INSERT INTO \(Self.bookkeepingTable) (identifier) VALUES (?)", arguments: [migration.identifier])
            }
            return .commit
        }
    }
}
