import ViperCore

/// Leaves the home for the prompt, replacing the stack: nothing signed-in stays behind.
struct HomeRouter: HomeRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func showPrompt() async {
        await navigator.replaceStack(with: PromptBuilder(dataManager: dataManager))
    }
}
