import ViperCore

/// Builds the home.
struct AccountsHomeBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsHomeScene>) -> any EventHandler<AccountsHomeScene> {
        AccountsHomePresenter(
            interactor: AccountsHomeInteractor(dataManager: dataManager),
            router: AccountsHomeRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view, calendar: context.calendar)
    }
}
