import Synchronization
import TodoApp
import ViperCore

/// The apps this executable hosts, and the dependencies each gets.
enum AppCatalog {
    static let names = [TodoApp.name]

    /// The apps of `viper serve` and the REPL: every session works on the one database at
    /// `location`. A file is opened now, so that a bad `--db` fails before the first request; an
    /// in-memory database is made when an app first needs it, so that a session that never
    /// starts one does not pay for it (a third of a cold start; BENCHMARKS.md).
    static func apps(keepingDataIn location: DatabaseLocation) throws -> [AppFactory] {
        let store: @Sendable () throws -> SQLiteTodoStore
        switch location {
        case .file:
            let opened = try location.openTodoStore()
            store = { opened }
        case .memory:
            let shared = Mutex<SQLiteTodoStore?>(nil)
            store = {
                try shared.withLock { made in
                    if let made { return made }
                    let store = try location.openTodoStore()
                    made = store
                    return store
                }
            }
        }
        return [AppFactory(TodoApp.self) { environment in TodoApp(store: try store(), faults: environment.faults) }]
    }

    /// The apps of `viper test`: each session starts from an empty database of its own, so
    /// transcripts running side by side never see each other's data.
    static func isolatedApps() -> [AppFactory] {
        [AppFactory(TodoApp.self) { environment in TodoApp(store: try SQLiteTodoStore.inMemory(), faults: environment.faults) }]
    }
}
