import ViperCore

/// Drives the log-in form: shows what was typed, "working" while the attempt runs, then either
/// asks the Router for the home or says what went wrong, keeping what was typed.
struct AccountsLoginPresenter: EventHandler {
    typealias Scene = AccountsLoginScene

    let interactor: any AccountsLoginInteracting
    let router: any AccountsLoginRouting
    let view: any SceneView<AccountsLoginScene.ViewModel>

    func sceneDidAppear() async {
        await show(await interactor.form())
    }

    func handle(_ event: AccountsLoginScene.Event) async {
        switch event {
        case .usernameChanged(let username):
            await show(await interactor.changeUsername(to: username))
        case .passwordChanged(let password):
            await show(await interactor.changePassword(to: password))
        case .logInTapped:
            guard let working = await interactor.beginLogIn() else { return }
            await show(working)
            switch await interactor.completeLogIn() {
            case .success: await router.showHome()
            case .failure: await show(await interactor.form())
            }
        case .cancelTapped:
            await router.close()
        }
    }

    private func show(_ form: LoginForm) async {
        await view.render(.init(
            username: form.username, logInEnabled: form.canLogIn, isWorking: form.isWorking, errorMessage: form.failure.map(AccountsMessages.text)))
    }
}
