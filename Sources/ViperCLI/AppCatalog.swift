import TodoApp
import ViperCore

/// The apps this executable hosts, and the dependencies each gets.
enum AppCatalog {
    static let names = [TodoApp.name]

    static func apps(todoStore: SQLiteTodoStore) -> [AppFactory] {
        [AppFactory(TodoApp.self) { environment in TodoApp(store: todoStore, faults: environment.faults) }]
    }
}
