import ViperCore

/// Builds the Add module; its input is whom to tell about a save.
struct TodoAddBuilder: ModuleBuilder {
    let store: any TodoStore

    func build(with delegate: any AddItemDelegate, context: ModuleContext<TodoAddScene>) -> any EventHandler<TodoAddScene> {
        TodoAddPresenter(
            interactor: TodoAddInteractor(store: store, clock: context.clock, calendar: context.calendar),
            router: TodoAddRouter(navigator: context.navigator),
            view: context.view,
            delegate: delegate)
    }
}
