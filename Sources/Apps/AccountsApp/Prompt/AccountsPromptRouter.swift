import ViperCore

/// Presents the log-in and sign-up forms over the prompt, as modal screens.
struct AccountsPromptRouter: AccountsPromptRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func presentLogIn() async {
        await navigator.present(AccountsLoginBuilder(dataManager: dataManager))
    }

    func presentSignUp() async {
        await navigator.present(AccountsSignupBuilder(dataManager: dataManager))
    }
}
