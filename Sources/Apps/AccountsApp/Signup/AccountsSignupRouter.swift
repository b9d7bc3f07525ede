import ViperCore

/// Leaves the sign-up form: for the home once the account exists, or back to the prompt.
struct AccountsSignupRouter: AccountsSignupRouting {
    let navigator: Navigator
    let dataManager: any AccountsDataManaging

    func showHome() async {
        await navigator.replaceStack(with: AccountsHomeBuilder(dataManager: dataManager))
    }

    func close() async {
        await navigator.dismiss()
    }
}
