import ViperCore

/// Presents the log-in and sign-up forms over the prompt (seed 000: "maybe as a modal").
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
