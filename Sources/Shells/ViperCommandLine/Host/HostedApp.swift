public import ViperCore
public import ViperStore

/// An app a host registers, once: how the engine makes it for a session, and the migrations
/// that make its tables in the databases `AppResources` opens. The host's migrations are those
/// of its apps, so an app cannot be hosted without its tables.
public struct HostedApp: Sendable {
    /// What the engine registers.
    public let factory: AppFactory
    /// The steps that make the app's tables, and those of anything it keeps in the same
    /// database (a server run inside the engine); a step two apps name runs once.
    public let migrations: [StoreMigration]

    /// Registers `App` with its `migrations`; `make` runs once per session, the first time the
    /// session starts the app.
    public init<App: ViperApp>(
        _ app: App.Type, migrations: [StoreMigration] = [], make: @escaping @Sendable (AppEnvironment) throws -> App
    ) {
        factory = AppFactory(app, make: make)
        self.migrations = migrations
    }

    /// The migrations of `apps`, each step once, in the order the apps name them.
    static func migrations(of apps: [HostedApp]) -> [StoreMigration] {
        var seen = Set<String>()
        return apps.flatMap(\.migrations).filter { seen.insert($0.identifier).inserted }
    }
}
