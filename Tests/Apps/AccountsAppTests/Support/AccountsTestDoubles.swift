import Foundation
import ServiceKit
import Synchronization
import ViperCore
import ViperStore
import AppTestSupport

@testable import AccountsApp

// MARK: - Time and users

/// A day from its `YYYY-MM-DD` text.
func day(_ text: String) -> CalendarDay {
    CalendarDay(text)!
}

/// A user as the server gives one. By default made at 02:30 UTC on 1 March 2026, which is still
/// the evening of 28 February in New York.
func sampleUser(
    id: String = "1", username: String = "ada", displayName: String = "Ada Lovelace", createdAt: String = "2026-03-01T02:30:00Z"
) -> User {
    User(id: id, username: username, displayName: displayName, createdAt: instant(createdAt))
}

/// The base URL the HTTP tests give the user Service.
let testAPIBase = URL(string: "http://api.test/base")!

/// The app's database, in memory, with the app's migrations run.
func accountsDatabase() throws -> SQLiteStore {
    try SQLiteStore.inMemory(migrations: AccountsApp.migrations)
}

/// The HTTP user Service at `testAPIBase`, over `http`.
func httpUserService(_ http: StubHTTPClient, faults: FaultInjector? = nil) -> HTTPUserService {
    HTTPUserService(endpoint: .fixed(testAPIBase), client: ServiceClient(http: http, faults: faults))
}

// MARK: - Logs and views



// MARK: - Data manager

/// A data manager with scripted answers that records what it was asked: usernames and display
/// names in `calls` (and the shared `log`), never passwords; those go to `receivedPasswords`
/// only, for tests to check what was sent.
final class StubDataManager: AccountsDataManaging {
    private struct State {
        var cached: SignedInUser?
        var logInResult: Result<User, AccountsFailure> = .failure(.unreachable(reason: "no log-in scripted"))
        var signUpResult: Result<User, AccountsFailure> = .failure(.unreachable(reason: "no sign-up scripted"))
        var refreshResult: UserRefresh = .signedOut
        var logOutFailure: AccountsFailure?
        var calls: [String] = []
        var receivedPasswords: [String] = []
    }

    private let state: Mutex<State>
    private let log: EventLog?

    init(cached: SignedInUser? = nil, log: EventLog? = nil) {
        state = Mutex(State(cached: cached))
        self.log = log
    }

    /// What was asked, in order: `cachedUser`, `logIn: ada`, `signUp: ada / Ada`, `refreshUser`, `logOut`.
    var calls: [String] { state.withLock { $0.calls } }
    /// The passwords `logIn` and `signUp` were given, in order.
    var receivedPasswords: [String] { state.withLock { $0.receivedPasswords } }
    /// The signed-in user it holds now.
    var cached: SignedInUser? { state.withLock { $0.cached } }

    func willLogIn(_ result: Result<User, AccountsFailure>) {
        state.withLock { $0.logInResult = result }
    }

    func willSignUp(_ result: Result<User, AccountsFailure>) {
        state.withLock { $0.signUpResult = result }
    }

    func willRefresh(_ refresh: UserRefresh) {
        state.withLock { $0.refreshResult = refresh }
    }

    func willFailLogOut(_ failure: AccountsFailure) {
        state.withLock { $0.logOutFailure = failure }
    }

    func cachedUser() async -> SignedInUser? {
        record("cachedUser")
        return state.withLock { $0.cached }
    }

    func logIn(username: String, password: Password) async throws(AccountsFailure) -> User {
        record("logIn: \(username)")
        let result = state.withLock { state in
            state.receivedPasswords.append(password.revealed)
            return state.logInResult
        }
        return try result.get()
    }

    func signUp(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User {
        record("signUp: \(username) / \(displayName)")
        let result = state.withLock { state in
            state.receivedPasswords.append(password.revealed)
            return state.signUpResult
        }
        return try result.get()
    }

    func refreshUser() async -> UserRefresh {
        record("refreshUser")
        return state.withLock { $0.refreshResult }
    }

    func logOut() async throws(AccountsFailure) {
        record("logOut")
        let failure = state.withLock { state in
            if state.logOutFailure == nil { state.cached = nil }
            return state.logOutFailure
        }
        if let failure { throw failure }
    }

    private func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}

// MARK: - Routers

struct RecordingPromptRouter: AccountsPromptRouting {
    let log: EventLog

    func presentLogIn() async { log.record("presentLogIn") }
    func presentSignUp() async { log.record("presentSignUp") }
}

struct RecordingLoginRouter: AccountsLoginRouting {
    let log: EventLog

    func showHome() async { log.record("showHome") }
    func close() async { log.record("close") }
}

struct RecordingSignupRouter: AccountsSignupRouting {
    let log: EventLog

    func showHome() async { log.record("showHome") }
    func close() async { log.record("close") }
}

struct RecordingHomeRouter: AccountsHomeRouting {
    let log: EventLog

    func showPrompt() async { log.record("showPrompt") }
}

// MARK: - User Service

/// A user Service with scripted answers that records what it was asked: usernames, display
/// names, ids and tokens in `calls`, never passwords; those go to `receivedPasswords` only.
final class StubUserService: UserService {
    private struct State {
        var createUserResult: Result<User, AccountsFailure> = .failure(.unreachable(reason: "no sign-up scripted"))
        var logInResult: Result<SignedInUser, AccountsFailure> = .failure(.unreachable(reason: "no log-in scripted"))
        var fetchUserResult: Result<User, AccountsFailure> = .failure(.unreachable(reason: "no fetch scripted"))
        var calls: [String] = []
        var receivedPasswords: [String] = []
    }

    private let state = Mutex(State())

    /// What was asked, in order: `createUser: ada / Ada`, `logIn: ada`, `fetchUser: 1 with token`.
    var calls: [String] { state.withLock { $0.calls } }
    /// The passwords `createUser` and `logIn` were given, in order.
    var receivedPasswords: [String] { state.withLock { $0.receivedPasswords } }

    func willCreateUser(_ result: Result<User, AccountsFailure>) {
        state.withLock { $0.createUserResult = result }
    }

    func willLogIn(_ result: Result<SignedInUser, AccountsFailure>) {
        state.withLock { $0.logInResult = result }
    }

    func willFetchUser(_ result: Result<User, AccountsFailure>) {
        state.withLock { $0.fetchUserResult = result }
    }

    func createUser(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User {
        let result = state.withLock { state in
            state.calls.append("createUser: \(username) / \(displayName)")
            state.receivedPasswords.append(password.revealed)
            return state.createUserResult
        }
        return try result.get()
    }

    func logIn(username: String, password: Password) async throws(AccountsFailure) -> SignedInUser {
        let result = state.withLock { state in
            state.calls.append("logIn: \(username)")
            state.receivedPasswords.append(password.revealed)
            return state.logInResult
        }
        return try result.get()
    }

    func fetchUser(id: String, token: String) async throws(AccountsFailure) -> User {
        let result = state.withLock { state in
            state.calls.append("fetchUser: \(id) with \(token)")
            return state.fetchUserResult
        }
        return try result.get()
    }
}

// MARK: - HTTP

