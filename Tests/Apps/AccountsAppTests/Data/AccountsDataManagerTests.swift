import Foundation
import AppTestSupport
import Testing
import ViperCore
import ViperStore

@testable import AccountsApp

/// The real data manager on a real cache in memory, asking a stubbed user Service.
private struct Fixture {
    let service = StubUserService()
    let cache: SignedInUserCache
    let manager: AccountsDataManager

    init() throws {
        cache = SignedInUserCache(store: Store(try accountsDatabase()))
        manager = AccountsDataManager(cache: cache, service: service)
    }
}

/// Every value of every column of every row of every table, `sqlite_master` included, as text.
private func everyStoredText(_ db: any StoreTransaction) async throws -> [String] {
    let tables: [String] = try await db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.get(0) }
    var texts: [String] = tables
    for table in ["sqlite_master"] + tables {
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        for row in try await db.query("SELECT * FROM \(quoted)") {
            texts += try row.values.filter { $0 != .null }.map { try String(storeValue: $0) }
        }
    }
    return texts
}

@Suite("The accounts data manager: the cache kept in step with the user Service")
struct AccountsDataManagerTests {
    @Test("Logging in keeps the user and the token in the cache")
    func logInCaches() async throws {
        let fixture = try Fixture()
        let signedIn = SignedInUser(user: sampleUser(), token: "token-1")
        fixture.service.willLogIn(.success(signedIn))
        let user = try await fixture.manager.logIn(username: "ada", password: Password("secret"))
        #expect(user == sampleUser())
        #expect(try await fixture.cache.load() == signedIn)
        #expect(await fixture.manager.cachedUser() == signedIn)
        #expect(fixture.service.calls == ["logIn: ada"])
        #expect(fixture.service.receivedPasswords == ["secret"])
    }

    @Test("A failed log-in passes the failure on and caches nothing")
    func failedLogInCachesNothing() async throws {
        let fixture = try Fixture()
        fixture.service.willLogIn(.failure(.invalidCredentials))
        await #expect(throws: AccountsFailure.invalidCredentials) {
            try await fixture.manager.logIn(username: "ada", password: Password("wrong"))
        }
        #expect(try await fixture.cache.load() == nil)
    }

    @Test("Signing up creates the account, then logs it in and caches it")
    func signUpCreatesThenLogsIn() async throws {
        let fixture = try Fixture()
        fixture.service.willCreateUser(.success(sampleUser()))
        fixture.service.willLogIn(.success(SignedInUser(user: sampleUser(), token: "token-1")))
        let user = try await fixture.manager.signUp(username: "ada", displayName: "Ada Lovelace", password: Password("correct horse battery"))
        #expect(user == sampleUser())
        #expect(fixture.service.calls == ["createUser: ada / Ada Lovelace", "logIn: ada"])
        #expect(fixture.service.receivedPasswords == ["correct horse battery", "correct horse battery"])
        #expect(try await fixture.cache.load() == SignedInUser(user: sampleUser(), token: "token-1"))
    }

    @Test("A sign-up the server refuses does not log in and caches nothing")
    func refusedSignUp() async throws {
        let fixture = try Fixture()
        fixture.service.willCreateUser(.failure(.usernameTaken))
        await #expect(throws: AccountsFailure.usernameTaken) {
            try await fixture.manager.signUp(username: "ada", displayName: "Ada Lovelace", password: Password("correct horse battery"))
        }
        #expect(fixture.service.calls == ["createUser: ada / Ada Lovelace"])
        #expect(try await fixture.cache.load() == nil)
    }

    @Test("Refreshing gives the server's user and caches it with the same token")
    func refreshCurrent() async throws {
        let fixture = try Fixture()
        try await fixture.cache.save(SignedInUser(user: sampleUser(), token: "token-1"))
        let renamed = sampleUser(displayName: "Augusta Ada King")
        fixture.service.willFetchUser(.success(renamed))
        #expect(await fixture.manager.refreshUser() == .current(renamed))
        #expect(fixture.service.calls == ["fetchUser: 1 with token-1"])
        #expect(try await fixture.cache.load() == SignedInUser(user: renamed, token: "token-1"))
    }

    @Test("Refreshing with the server unreachable gives the cached user, offline, and keeps it")
    func refreshOffline() async throws {
        let fixture = try Fixture()
        let signedIn = SignedInUser(user: sampleUser(), token: "token-1")
        try await fixture.cache.save(signedIn)
        fixture.service.willFetchUser(.failure(.unreachable(reason: "connection refused")))
        #expect(await fixture.manager.refreshUser() == .offline(sampleUser()))
        #expect(try await fixture.cache.load() == signedIn)
    }

    @Test("Refreshing a token the server refuses signs out and clears the cache")
    func refreshSignedOut() async throws {
        let fixture = try Fixture()
        try await fixture.cache.save(SignedInUser(user: sampleUser(), token: "token-1"))
        fixture.service.willFetchUser(.failure(.signedOut))
        #expect(await fixture.manager.refreshUser() == .signedOut)
        #expect(try await fixture.cache.load() == nil)
        #expect(await fixture.manager.cachedUser() == nil)
    }

    @Test("Refreshing with nobody cached is signed out, without asking the server")
    func refreshNobody() async throws {
        let fixture = try Fixture()
        #expect(await fixture.manager.refreshUser() == .signedOut)
        #expect(fixture.service.calls.isEmpty)
    }

    @Test("Logging out clears the cache")
    func logOutClears() async throws {
        let fixture = try Fixture()
        try await fixture.cache.save(SignedInUser(user: sampleUser(), token: "token-1"))
        try await fixture.manager.logOut()
        #expect(try await fixture.cache.load() == nil)
        #expect(await fixture.manager.cachedUser() == nil)
    }

    @Test("A password planted through sign-up is in no column of any row of any table")
    func passwordNeverStored() async throws {
        let fixture = try Fixture()
        let planted = "planted-Pa55word!"
        fixture.service.willCreateUser(.success(sampleUser()))
        fixture.service.willLogIn(.success(SignedInUser(user: sampleUser(), token: "token-1")))
        _ = try await fixture.manager.signUp(username: "ada", displayName: "Ada Lovelace", password: Password(planted))
        #expect(fixture.service.receivedPasswords == [planted, planted])

        let texts = try await fixture.cache.store.read { db in try await everyStoredText(db) }
        // The scan reads the cached row: its username and token are there.
        #expect(texts.contains("accounts_signed_in"))
        #expect(texts.contains("ada"))
        #expect(texts.contains("token-1"))
        let leaks = texts.filter { $0.contains(planted) }
        #expect(leaks.isEmpty)
    }
}
