import ViperCore

/// Builds the sign-up form.
struct SignupBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    func build(with input: Void, context: ModuleContext<AccountsSignupScene>) -> any EventHandler<AccountsSignupScene> {
        SignupPresenter(
            interactor: SignupInteractor(dataManager: dataManager),
            router: SignupRouter(navigator: context.navigator, dataManager: dataManager),
            view: context.view)
    }
}
