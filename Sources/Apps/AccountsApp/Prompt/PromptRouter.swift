import ViperCore

/// Presents the log-in and sign-up forms over the prompt, as modal screens.
struct PromptRouter: PromptRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func presentLogIn() async {
        await navigator.present(LoginBuilder(dataManager: dataManager))
    }

    func presentSignUp() async {
        await navigator.present(SignupBuilder(dataManager: dataManager))
    }
}
