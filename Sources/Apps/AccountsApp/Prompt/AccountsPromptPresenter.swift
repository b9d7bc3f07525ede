import ViperCore

/// Shows the prompt and passes its two buttons to the Router.
struct AccountsPromptPresenter: EventHandler {
    typealias Scene = AccountsPromptScene

    static let title = "Log in or sign up to continue"

    let router: any AccountsPromptRouting
    let view: any SceneView<AccountsPromptScene.ViewModel>

    func sceneDidAppear() async {
        await view.render(.init(title: Self.title))
    }

    func handle(_ event: AccountsPromptScene.Event) async {
        switch event {
        case .logInTapped: await router.presentLogIn()
        case .signUpTapped: await router.presentSignUp()
        }
    }
}
