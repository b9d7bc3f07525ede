import ViperCore

/// Builds the home.
struct HomeBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsHomeScene>) -> any EventHandler<AccountsHomeScene> {
        HomePresenter(
            interactor: HomeInteractor(dataManager: dataManager),
            router: HomeRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view, calendar: context.calendar)
    }
}
