import ViperCore

/// The user Service: it knows the server's URLs and shapes, and nothing of screens or
/// caches. `HTTPUserService` talks to the sample server's users API; tests give a double.
protocol UserService: Sendable {
    /// Creates an account.
    func createUser(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User
    /// Logs in and returns the user with a token for later requests.
    func logIn(username: String, password: Password) async throws(AccountsFailure) -> SignedInUser
    /// Fetches the signed-in user anew.
    func fetchUser(id: String, token: String) async throws(AccountsFailure) -> User
}
