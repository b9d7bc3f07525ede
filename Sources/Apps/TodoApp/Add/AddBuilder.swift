import ViperCore

/// Builds the Add module; its input is whom to tell about a save.
struct AddBuilder: ModuleBuilder {
    let store: any TodoStore

    func build(with delegate: any AddItemDelegate, context: ModuleContext<TodoAddScene>) -> any EventHandler<TodoAddScene> {
        AddPresenter(
            interactor: AddInteractor(store: store, clock: context.clock, calendar: context.calendar),
            router: AddRouter(navigator: context.navigator),
            view: context.view,
            delegate: delegate)
    }
}
