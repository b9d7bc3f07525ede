public import ViperCore

/// Builds the List module, the ToDo app's root.
public struct TodoListBuilder: ModuleBuilder {
    let store: any TodoStore

    public func build(with input: Void, context: ModuleContext<TodoListScene>) -> any EventHandler<TodoListScene> {
        TodoListPresenter(
            interactor: TodoListInteractor(store: store, clock: context.clock, calendar: context.calendar, work: context.tasks),
            router: TodoListRouter(navigator: context.navigator, store: store),
            view: context.view,
            calendar: context.calendar)
    }
}
