import ViperCore

/// The accounts data manager: the cache first, then the user Service, and the cache kept in step
/// with what the server said. Passwords pass through to the Service and are never kept.
struct AccountsDataManager: AccountsDataManaging {
    let cache: SignedInUserCache
    let service: any UserService

    func cachedUser() async -> SignedInUser? {
        try? await cache.load()
    }

    func logIn(username: String, password: Password) async throws(AccountsFailure) -> User {
        let signedIn = try await service.logIn(username: username, password: password)
        try await keep(signedIn)
        return signedIn.user
    }

    func signUp(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User {
        _ = try await service.createUser(username: username, displayName: displayName, password: password)
        do {
            return try await logIn(username: username, password: password)
        } catch .cancelled {
            throw .createdButNotLoggedIn(.cancelled)
        } catch {
            // Saying "nothing was changed" here would be wrong: the account exists now.
            throw .createdButNotLoggedIn(error)
        }
    }

    func refreshUser() async -> UserRefresh {
        guard let cached = await cachedUser() else { return .signedOut }
        do {
            let user = try await service.fetchUser(id: cached.user.id, token: cached.token)
            try? await keep(SignedInUser(user: user, token: cached.token))
            return .current(user)
        } catch .signedOut {
            try? await cache.clear()
            return .signedOut
        } catch {
            return .offline(cached.user)
        }
    }

    func logOut() async throws(AccountsFailure) {
        do {
            try await cache.clear()
        } catch {
            throw .storage(reason: "\(error)")
        }
    }

    private func keep(_ signedIn: SignedInUser) async throws(AccountsFailure) {
        do {
            try await cache.save(signedIn)
        } catch {
            throw .storage(reason: "\(error)")
        }
    }
}
