import ViperStore

/// A database that many processes share (`serve --database`): every workspace's store in it,
/// each process hearing the others' changes. PostgreSQL is the one there is
/// (`SharedDatabases.open`), in a command built with viper's `PostgreSQL` trait.
protocol SharedDatabase: Sendable {
    associatedtype Backend: StoreBackend

    /// The store of `workspace`; nil for the default workspace.
    func store(forWorkspace workspace: String?) -> Backend

    /// How many workspaces the database holds, and whether `workspace` is one of them; nil when
    /// the database cannot say.
    func workspaceCount(including workspace: String) async -> (count: Int, includes: Bool)?

    /// Closes its connections.
    func close() async
}
