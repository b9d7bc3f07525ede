public import ViperCore

/// Builds the List module, the ToDo app's root.
public struct ListBuilder: ModuleBuilder {
    let store: any TodoStore

    public func build(with input: Void, context: ModuleContext<TodoListScene>) -> any EventHandler<TodoListScene> {
        ListPresenter(
            interactor: ListInteractor(store: store, clock: context.clock, calendar: context.calendar, work: context.tasks),
            router: ListRouter(navigator: context.navigator, store: store),
            view: context.view,
            calendar: context.calendar)
    }
}
