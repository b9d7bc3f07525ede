import ViperCore

/// Builds the log-in form.
struct AccountsLoginBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsLoginScene>) -> any EventHandler<AccountsLoginScene> {
        AccountsLoginPresenter(
            interactor: AccountsLoginInteractor(dataManager: dataManager),
            router: AccountsLoginRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view)
    }
}
