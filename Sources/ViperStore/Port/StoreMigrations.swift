/// The migrations of every app that shares one database, in the order they run, each name
/// once: what both back-ends check a database's bookkeeping against.
package struct StoreMigrations: Sendable {
    package let all: [StoreMigration]

    /// Refuses two migrations of one name.
    package init(_ migrations: [StoreMigration]) throws(StoreError) {
        var seen: Set<String> = []
        for migration in migrations where !seen.insert(migration.identifier).inserted {
            throw .duplicateMigration(migration.identifier)
        }
        all = migrations
    }

    /// The migrations still to run on a database that records `applied`; refuses one that
    /// records migrations these do not know: a newer engine wrote it, and this one could damage
    /// what it cannot read. `database` names it in the error.
    package func pending(after applied: Set<String>, in database: String) throws(StoreError) -> [StoreMigration] {
        let unknown = applied.subtracting(all.map(\.identifier))
        guard unknown.isEmpty else { throw .newerVersion(of: database, unknownMigrations: unknown.sorted()) }
        return all.filter { !applied.contains($0.identifier) }
    }
}
