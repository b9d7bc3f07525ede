import ViperCore

/// Builds the log-in form.
struct LoginBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsLoginScene>) -> any EventHandler<AccountsLoginScene> {
        LoginPresenter(
            interactor: LoginInteractor(dataManager: dataManager),
            router: LoginRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view)
    }
}
