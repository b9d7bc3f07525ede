import GRDB

/// Runs a file's pending migrations.
///
/// GRDB's `DatabaseMigrator` reads which migrations were applied before it takes the write lock,
/// then runs each in a transaction of its own: two engines starting together on a new file both
/// saw none applied, and the second failed with "table todo already exists" (about one start in
/// three). Here the check and every step run in one `BEGIN IMMEDIATE` transaction, under the
/// write lock, so engines that start together take turns and the second finds the work done.
/// The bookkeeping stays GRDB's table, `grdb_migrations`, so files that its migrator made carry
/// on where they were.
struct SQLiteSchema: Sendable {
    let migrations: StoreMigrations

    static let bookkeepingTable = "grdb_migrations"

    init(_ migrations: [StoreMigration]) throws(StoreError) {
        self.migrations = try StoreMigrations(migrations)
    }

    /// Runs the migrations `db` has not recorded yet, all in one immediate transaction.
    func migrate(_ db: Database, path: String) throws {
        try db.inTransaction(.immediate) {
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(Self.bookkeepingTable) (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM \(Self.bookkeepingTable)"))
            for migration in try migrations.pending(after: applied, in: "at \(path)") {
                for statement in migration.statements(.sqlite) { try db.execute(sql: statement) }
                try db.execute(sql: "INSERT INTO \(Self.bookkeepingTable) (identifier) VALUES (?)", arguments: [migration.identifier])
            }
            return .commit
        }
    }
}
