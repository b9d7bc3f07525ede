import ViperCore

/// Builds the sign-up form.
struct AccountsSignupBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsSignupScene>) -> any EventHandler<AccountsSignupScene> {
        AccountsSignupPresenter(
            interactor: AccountsSignupInteractor(dataManager: dataManager),
            router: AccountsSignupRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view)
    }
}
