import CustomDump
import Foundation
import ServiceKit
import AppTestSupport
import Testing
import ViperCore
import ViperJSON

@testable import AccountsApp

/// The user Service at `http://api.test/base`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    var service: HTTPUserService { httpUserService(http, faults: faults) }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

/// Ada as the users API writes her.
private let adaJSON = #"{"id":"1","username":"ada","displayName":"Ada Lovelace","createdAt":"2026-03-01T02:30:00Z"}"#

/// A request's JSON body.
private func body(_ request: HTTPRequest) throws -> JSONValue {
    try JSONParser.parse(Array(try #require(request.body)))
}

@Suite("The HTTP user Service: the users API's requests, and its answers as accounts failures")
struct HTTPUserServiceTests {
    // MARK: Sign-up: POST /v1/users

    @Test("Signing up posts the three fields as JSON to /v1/users and reads the user from a 201")
    func createUserRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: adaJSON)
        let user = try await fixture.service.createUser(username: "ada", displayName: "Ada Lovelace", password: Password("correct horse battery"))
        #expect(user == sampleUser())
        let request = try fixture.request()
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://api.test/base/v1/users")
        #expect(request.headers == ["Accept": "application/json", "Content-Type": "application/json"])
        let expected: JSONValue = ["username": "ada", "displayName": "Ada Lovelace", "password": "correct horse battery"]
        #expect(try body(request) == expected)
    }

    @Test("A 409 is a taken username")
    func createUserTaken() async {
        let fixture = Fixture()
        fixture.http.willRespond(409, json: #"{"error":"usernameTaken","message":"The username ada is taken."}"#)
        await #expect(throws: AccountsFailure.usernameTaken) {
            try await fixture.service.createUser(username: "ada", displayName: "Ada Lovelace", password: Password("correct horse battery"))
        }
    }

    @Test("A 422 is a refused field, in the server's words")
    func createUserRejected() async {
        let fixture = Fixture()
        fixture.http.willRespond(422, json: #"{"error":"invalid","field":"password","message":"A password is at least 10 characters."}"#)
        await #expect(throws: AccountsFailure.rejected(message: "A password is at least 10 characters.")) {
            try await fixture.service.createUser(username: "ada", displayName: "Ada Lovelace", password: Password("short"))
        }
    }

    @Test("A 422 without a message still says the form was refused")
    func createUserRejectedWithoutMessage() async {
        let fixture = Fixture()
        fixture.http.willRespond(422, json: "{}")
        await #expect(throws: AccountsFailure.rejected(message: "the server refused the form")) {
            try await fixture.service.createUser(username: "ada", displayName: "Ada Lovelace", password: Password("short"))
        }
    }

    @Test("A 201 whose body is not a user is a server error")
    func createUserNotAUser() async {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: #"{"id":"1","username":"ada","displayName":"Ada Lovelace","createdAt":"yesterday"}"#)
        await #expect(throws: AccountsFailure.serverError(reason: "the answer is not a user")) {
            try await fixture.service.createUser(username: "ada", displayName: "Ada Lovelace", password: Password("correct horse battery"))
        }
    }

    // MARK: Log-in: POST /v1/sessions

    @Test("Logging in posts the username and password as JSON to /v1/sessions and reads the token and user from a 200")
    func logInRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"token":"token-1","user":\#(adaJSON)}"#)
        let signedIn = try await fixture.service.logIn(username: "ada", password: Password("secret"))
        #expect(signedIn == SignedInUser(user: sampleUser(), token: "token-1"))
        let request = try fixture.request()
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://api.test/base/v1/sessions")
        #expect(request.headers == ["Accept": "application/json", "Content-Type": "application/json"])
        let expected: JSONValue = ["username": "ada", "password": "secret"]
        #expect(try body(request) == expected)
    }

    @Test("A 401 is wrong credentials")
    func logInUnauthorized() async {
        let fixture = Fixture()
        fixture.http.willRespond(401, json: #"{"error":"invalidCredentials","message":"The username or the password is wrong."}"#)
        await #expect(throws: AccountsFailure.invalidCredentials) {
            try await fixture.service.logIn(username: "ada", password: Password("wrong"))
        }
    }

    @Test(
        "A 429 is a lockout for the whole seconds the body's retryAfter says, 15 minutes when it says nothing",
        arguments: [(#"{"retryAfter":40}"#, 40), (#"{"retryAfter":12.2}"#, 13), (#"{"retryAfter":0}"#, 1), (#"{"error":"tooManyAttempts"}"#, 900)])
    func logInLockedOut(json: String, retryAfter: Int) async {
        let fixture = Fixture()
        fixture.http.willRespond(429, json: json)
        await #expect(throws: AccountsFailure.lockedOut(retryAfter: retryAfter)) {
            try await fixture.service.logIn(username: "ada", password: Password("wrong"))
        }
    }

    @Test("A 500 is a server error that gives the status, code and message")
    func logInServerError() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, json: #"{"error":"internal","message":"boom"}"#)
        await #expect(throws: AccountsFailure.serverError(reason: "the server answered 500 internal: boom")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
    }

    @Test("A 200 without a token is a server error")
    func logInWithoutToken() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"user":\#(adaJSON)}"#)
        await #expect(throws: AccountsFailure.serverError(reason: "the answer has no token or user")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
    }

    // MARK: Fetch: GET /v1/users/{id}

    @Test("Fetching gets /v1/users/{id} with the token as a Bearer header and no body")
    func fetchUserRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: adaJSON)
        #expect(try await fixture.service.fetchUser(id: "1", token: "token-1") == sampleUser())
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://api.test/base/v1/users/1")
        #expect(request.headers == ["Accept": "application/json", "Authorization": "Bearer token-1"])
        #expect(request.body == nil)
    }

    @Test("A token the server refuses signs out", arguments: [401, 403, 404])
    func fetchUserSignedOut(status: Int) async {
        let fixture = Fixture()
        fixture.http.willRespond(status, json: #"{"error":"unauthorized","message":"The token is not valid; log in again."}"#)
        await #expect(throws: AccountsFailure.signedOut) {
            try await fixture.service.fetchUser(id: "1", token: "expired")
        }
    }

    @Test("A 500 on fetching is a server error, not a sign-out")
    func fetchUserServerError() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, json: #"{"error":"internal"}"#)
        await #expect(throws: AccountsFailure.serverError(reason: "the server answered 500 internal")) {
            try await fixture.service.fetchUser(id: "1", token: "token-1")
        }
    }

    // MARK: Answers that are not the API's

    @Test("An HTML page with a 200 is a server error: the answer could not be read")
    func htmlWith200() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, html: "<html><body>Welcome to the captive portal</body></html>")
        await #expect(throws: AccountsFailure.serverError(reason: "the server's answer could not be read (the body (text/html) is not JSON)")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
    }

    @Test("An HTML page with a 500 is a server error that gives the status")
    func htmlWith500() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, html: "<html><body>Internal Server Error</body></html>")
        await #expect(throws: AccountsFailure.serverError(reason: "the server answered 500")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
    }

    @Test("No answer at all is unreachable, with the HTTP port's reason")
    func httpFailure() async {
        let fixture = Fixture()
        fixture.http.willFail("connection refused")
        await #expect(throws: AccountsFailure.unreachable(reason: "connection refused")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
    }

    @Test("A fault injected for accounts.logIn is unreachable with the injected text, sends nothing, and fires once")
    func injectedFault() async throws {
        let fixture = Fixture()
        fixture.faults.arm("accounts.logIn", message: "boom")
        await #expect(throws: AccountsFailure.unreachable(reason: "boom")) {
            try await fixture.service.logIn(username: "ada", password: Password("secret"))
        }
        #expect(fixture.http.requests.isEmpty)
        fixture.http.willRespond(200, json: #"{"token":"token-1","user":\#(adaJSON)}"#)
        #expect(try await fixture.service.logIn(username: "ada", password: Password("secret")).token == "token-1")
        #expect(fixture.http.requests.count == 1)
    }

    @Test("A fault injected for another operation leaves logging in alone")
    func faultForAnotherOperation() async throws {
        let fixture = Fixture()
        fixture.faults.arm("accounts.fetchUser", message: "boom")
        fixture.http.willRespond(200, json: #"{"token":"token-1","user":\#(adaJSON)}"#)
        #expect(try await fixture.service.logIn(username: "ada", password: Password("secret")).token == "token-1")
        await #expect(throws: AccountsFailure.unreachable(reason: "boom")) {
            try await fixture.service.fetchUser(id: "1", token: "token-1")
        }
    }

    // MARK: Passwords

    @Test("A password's description, interpolation, reflection, dump and JSON encoding never show it")
    func passwordNeverShown() throws {
        let secret = "planted-Pa55word!"
        let password = Password(secret)
        var dumped = ""
        dump(password, to: &dumped)
        var dumpedEvent = ""
        dump(AccountsLoginScene.Event.passwordChanged(password: password), to: &dumpedEvent)
        let encoded = String(decoding: try JSONEncoder().encode(["password": password]), as: UTF8.self)
        let shown = [
            String(describing: password),
            "\(password)",
            String(reflecting: password),
            dumped,
            String(customDumping: password),
            encoded,
            String(describing: AccountsLoginScene.Event.passwordChanged(password: password)),
            dumpedEvent,
        ]
        for text in shown {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect(encoded == #"{"password":"\#(Password.mask)"}"#)
        #expect(password.revealed == secret)
    }
}
