import ViperCore

/// Leaves the log-in form: for the home once signed in, or back to the prompt.
struct AccountsLoginRouter: AccountsLoginRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func showHome() async {
        await navigator.replaceStack(with: AccountsHomeBuilder(dataManager: dataManager))
    }

    func close() async {
        await navigator.dismiss()
    }
}
