import ViperCore

/// Drives the sign-up form: the fields, the rules they break, "working" while the account is
/// made, then the home or what went wrong.
struct AccountsSignupPresenter: EventHandler {
    typealias Scene = AccountsSignupScene

    let interactor: any AccountsSignupInteracting
    let router: any AccountsSignupRouting
    let view: any SceneView<AccountsSignupScene.ViewModel>

    func sceneDidAppear() async {
        await show(await interactor.form())
    }

    func handle(_ event: AccountsSignupScene.Event) async {
        switch event {
        case .usernameChanged(let username):
            await show(await interactor.changeUsername(to: username))
        case .displayNameChanged(let displayName):
            await show(await interactor.changeDisplayName(to: displayName))
        case .passwordChanged(let password):
            await show(await interactor.changePassword(to: password))
        case .signUpTapped:
            guard let working = await interactor.beginSignUp() else { return }
            await show(working)
            switch await interactor.completeSignUp() {
            case .success: await router.showHome()
            case .failure: await show(await interactor.form())
            }
        case .cancelTapped:
            await router.close()
        }
    }

    private func show(_ form: SignupForm) async {
        await view.render(.init(
            username: form.username, displayName: form.displayName, signUpEnabled: form.canSignUp, isWorking: form.isWorking,
            errorMessage: form.failure.map(AccountsMessages.text), problems: form.problems.map(Self.text)))
    }

    /// What the form says about a broken rule.
    static func text(_ problem: SignUpRules.Problem) -> String {
        switch problem {
        case .username:
            "A username is \(SignUpRules.usernameLength.lowerBound) to \(SignUpRules.usernameLength.upperBound) characters of a-z, 0-9, '.', '_' and '-'"
        case .displayName:
            "Enter a display name"
        case .password:
            "A password is at least \(SignUpRules.minimumPasswordLength) characters"
        }
    }
}
