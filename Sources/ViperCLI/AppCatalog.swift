import TodoApp
import ViperCore

/// The apps this executable hosts, and the dependencies each gets.
enum AppCatalog {
    static let names = [TodoApp.name]

    /// The apps of `viper serve`: every session works on the one database the command opened.
    static func apps(todoStore: SQLiteTodoStore) -> [AppFactory] {
        [AppFactory(TodoApp.self) { environment in TodoApp(store: todoStore, faults: environment.faults) }]
    }

    /// The apps of `viper test`: each session starts from an empty database of its own, so
    /// transcripts running side by side never see each other's data.
    static func isolatedApps() -> [AppFactory] {
        [AppFactory(TodoApp.self) { environment in TodoApp(store: try SQLiteTodoStore.inMemory(), faults: environment.faults) }]
    }
}
