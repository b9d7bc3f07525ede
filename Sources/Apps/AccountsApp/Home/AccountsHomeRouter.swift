import ViperCore

/// Leaves the home for the prompt, replacing the stack: nothing signed-in stays behind.
struct AccountsHomeRouter: AccountsHomeRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func showPrompt() async {
        await navigator.replaceStack(with: AccountsPromptBuilder(dataManager: dataManager))
    }
}
