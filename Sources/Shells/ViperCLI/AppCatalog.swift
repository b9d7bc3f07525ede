import Synchronization
import TodoApp
import ViperCore
import ViperStore

/// The apps this executable hosts, and the one database they share.
struct AppCatalog: Sendable {
    static let names = [TodoApp.name]
    /// The migrations of every hosted app, run together when the database opens.
    static let migrations = TodoApp.migrations

    /// What `EngineConfiguration` registers.
    let apps: [AppFactory]
    private let database: SharedDatabase

    /// The apps of `viper serve` and the REPL: every session works on the one database at
    /// `location`. A file is opened now, so that a bad `--db` fails before the first request; an
    /// in-memory database is made when an app first needs it, so that a session that never
    /// starts one does not pay for it (a third of a cold start; BENCHMARKS.md).
    init(keepingDataIn location: DatabaseLocation) throws {
        let database = SharedDatabase(location: location)
        if location.file != nil { _ = try database.opened() }
        self.database = database
        apps = [AppFactory(TodoApp.self) { environment in TodoApp(database: try database.opened(), faults: environment.faults) }]
    }

    /// Closes the database, if it was opened, so that a clean exit leaves no `-wal` and `-shm`
    /// files beside it.
    func close() throws {
        try database.close()
    }

    /// The apps of `viper test`: each session starts from an empty database of its own, so
    /// transcripts running side by side never see each other's data.
    static func isolatedApps() -> [AppFactory] {
        [AppFactory(TodoApp.self) { environment in
            TodoApp(database: try StoreDatabase.inMemory(migrations: migrations), faults: environment.faults)
        }]
    }
}

/// The database of an engine's sessions, opened the first time one needs it.
private final class SharedDatabase: Sendable {
    private let location: DatabaseLocation
    private let database = Mutex<StoreDatabase?>(nil)

    init(location: DatabaseLocation) {
        self.location = location
    }

    func opened() throws -> StoreDatabase {
        try database.withLock { database in
            if let database { return database }
            let opened = try location.open(migrations: AppCatalog.migrations)
            database = opened
            return opened
        }
    }

    func close() throws {
        try database.withLock { try $0?.close() }
    }
}
