import ViperCore

/// The accounts data manager, as the Interactors see it: it decides between the
/// cache and the user Service, so Interactors never know where a user came from.
protocol AccountsDataManaging: Sendable {
    /// The signed-in user from the cache, without asking the server.
    func cachedUser() async -> SignedInUser?
    /// Logs in, and keeps the user and token for the next start.
    func logIn(username: String, password: Password) async throws(AccountsFailure) -> User
    /// Creates the account, logs it in, and keeps it as `logIn` does.
    func signUp(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User
    /// Asks the server for the signed-in user anew.
    func refreshUser() async -> UserRefresh
    /// Forgets the signed-in user and token.
    func logOut() async throws(AccountsFailure)
}
