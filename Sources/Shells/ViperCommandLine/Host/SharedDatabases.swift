import Logging
import ViperStore

#if PostgreSQL
import ViperStorePostgres
#endif

/// Opens the database `serve --database` names. PostgreSQL comes with viper's `PostgreSQL`
/// trait, on in viper's own command and off in a package made by `viper new` until it turns
/// it on (docs/your-first-app.md): a command built without it compiled none of PostgreSQL's
/// code, and says so, and how to build it in.
enum SharedDatabases {
    /// The database at `location`, connected to and migrated for the default workspace.
    static func open(_ location: PostgresLocation, migrations: [StoreMigration], logger: Logger) async throws -> any SharedDatabase {
        #if PostgreSQL
        try await PostgresDatabase.open(location, migrations: migrations, logger: logger)
        #else
        throw DatabaseLocationError(
            "this command was built without PostgreSQL, so it cannot open \(location). Use --db for a SQLite file, or turn on viper's PostgreSQL trait in Package.swift (traits: [\"PostgreSQL\"]) and build again.")
        #endif
    }
}

#if PostgreSQL
extension PostgresDatabase: SharedDatabase {
    func workspaceCount(including workspace: String) async -> (count: Int, includes: Bool)? {
        let counted = try? await store(forWorkspace: nil).query(
            "SELECT count(*) AS schemas, count(*) FILTER (WHERE nspname = ?) AS this FROM pg_namespace WHERE nspname LIKE 'viper\\_%'",
            [.text(Self.schema(forWorkspace: workspace))]
        ).first
        guard let counted, let schemas: Int64 = try? counted.get("schemas"), let this: Int64 = try? counted.get("this") else { return nil }
        return (Int(schemas), this > 0)
    }
}
#endif
