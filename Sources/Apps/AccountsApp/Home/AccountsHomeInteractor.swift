/// Gets the signed-in user from the data manager, which answers from its cache first and asks
/// the server after, and logs out.
struct AccountsHomeInteractor: AccountsHomeInteracting {
    let dataManager: any AccountsDataManaging

    func cachedUser() async -> User? {
        await dataManager.cachedUser()?.user
    }

    func refresh() async -> UserRefresh {
        await dataManager.refreshUser()
    }

    func logOut() async {
        // A cache that cannot be cleared would sign the user in again at the next start; the
        // scene still leaves, and the failure is the store's to report.
        try? await dataManager.logOut()
    }
}
