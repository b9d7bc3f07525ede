public import ViperCore
public import ViperStore

/// The ToDo app: a list of upcoming ToDos grouped by when they are due, and a modal screen to
/// add one. Its stories come from objc.io's VIPER TODO and Rx-VIPER-ToDo.
public struct TodoApp: ViperApp {
    public static let name = "todo"
    /// The app's name as a person reads it.
    public static let title = "ToDo"
    /// What the app does, in a sentence.
    public static let summary: String? = "Upcoming ToDos grouped by when they are due, and a form to add one."
    public static let faultOperations = [saveOperation]
    public static let scenes: [any SceneContract.Type] = [TodoListScene.self, TodoAddScene.self, AlertScene.self]
    /// Whatever the user does, each ToDo is listed once, in the section of its due day, and an
    /// empty list says so.
    public static let invariants = [
        AppInvariant("todo.listed-once", on: TodoListScene.self, summary: "each ToDo is listed once") { list in
            let ids = list.sections.flatMap(\.items).map(\.id)
            let twice = Set(ids.filter { id in ids.filter { $0 == id }.count > 1 })
            return twice.isEmpty ? nil : "listed more than once: " + twice.sorted().joined(separator: ", ")
        },
        AppInvariant("todo.empty-says-so", on: TodoListScene.self, summary: "isEmpty is true exactly when no ToDo is listed") { list in
            let listed = list.sections.reduce(0) { $0 + $1.items.count }
            return list.isEmpty == (listed == 0) ? nil : "isEmpty is \(list.isEmpty) with \(listed) ToDos listed"
        },
    ]
    /// The steps that make the app's tables in the engine's database.
    public static let migrations = PersistentTodoStore.migrations
    static let saveOperation = "todo.save"

    private let store: any TodoStore

    /// The app on `store`, whose database must have run `migrations`; with `faults`, saves can
    /// be made to fail on purpose.
    public init(store: Store, faults: FaultInjector?) {
        let store = PersistentTodoStore(store: store)
        self.store = faults.map { FaultInjectingTodoStore(base: store, faults: $0) } ?? store
    }

    public var rootModule: TodoListBuilder { TodoListBuilder(store: store) }
}
