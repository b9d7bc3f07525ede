import Foundation
import Testing
import ViperJSON
import ViperStore

@testable import SampleServer

@Suite("The users API: sign up, log in, lockout, fetch")
struct UsersAPITests {
    @Test("Signing up answers 201 with the user, never the password")
    func signUp() async throws {
        let api = try SampleAPIHarness()
        let response = await api.post("/v1/users", ["username": "ada", "password": "correct horse", "displayName": "  Ada Lovelace "])
        #expect(response.status == 201)
        #expect(response.body == ["id": "1", "username": "ada", "displayName": "Ada Lovelace", "createdAt": "2026-11-23T09:00:00Z"])
    }

    @Test("A taken username is 409 usernameTaken")
    func takenName() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada")
        let response = await api.post("/v1/users", ["username": "ada", "password": "another password", "displayName": "Imposter"])
        #expect(response.status == 409)
        #expect(response.body["error"] == "usernameTaken")
    }

    @Test(
        "The server enforces the sign-up rules too, naming the field",
        arguments: [
            (["username": "ab", "password": "correct horse", "displayName": "A"], "username"),
            (["username": "Ada", "password": "correct horse", "displayName": "A"], "username"),
            (["username": "ada", "password": "short", "displayName": "A"], "password"),
            (["username": "ada", "password": "correct horse", "displayName": "   "], "displayName"),
            (["username": "ada", "password": "correct horse"], "displayName"),
            (["username": "ada", "password": 12, "displayName": "A"], "password"),
        ] as [(JSONValue, String)])
    func invalid(body: JSONValue, field: String) async throws {
        let api = try SampleAPIHarness()
        let response = await api.post("/v1/users", body)
        #expect(response.status == 422)
        #expect(response.body["error"] == "invalid")
        #expect(response.body["field"] == .string(field))
    }

    @Test("A body that is not a JSON object is 400, and the server goes on")
    func badJSON() async throws {
        let api = try SampleAPIHarness()
        for body in ["{\"username\":", "[1,2]", "<html>"] {
            let response = await api.post("/v1/users", raw: body)
            #expect(response.status == 400)
            #expect(response.body["error"] == "badRequest")
        }
        #expect(await api.signUp("ada") == "1")
    }

    @Test("The password is stored only as a salted scrypt hash")
    func hashedPassword() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada", password: "planted-password-42")
        await api.signUp("bob", password: "planted-password-42")
        let hashes = try await api.texts("SELECT password_hash FROM sample_users")
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("scrypt$16$8$1$") && !$0.contains("planted") })
        #expect(hashes[0] != hashes[1], "the same password hashes differently with another salt")
        #expect(PasswordHashing.verify("planted-password-42", against: hashes[0]))
        #expect(!PasswordHashing.verify("planted-password-43", against: hashes[0]))
    }

    @Test("Logging in gives a token and the user; the token is kept only as its digest")
    func logIn() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada")
        let response = await api.logIn("ada")
        #expect(response.status == 200)
        guard case .string(let token)? = response.body["token"] else {
            Issue.record("no token in \(response.body)")
            return
        }
        #expect(token.count == 64)
        #expect(response.body["user"]?["username"] == "ada")
        let digests = try await api.texts("SELECT token_digest FROM sample_sessions")
        #expect(digests.count == 1 && digests[0] != token)
    }

    @Test("A wrong password and an unknown user get the same 401")
    func invalidCredentials() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada")
        let wrong = await api.logIn("ada", password: "wrong password")
        let unknown = await api.logIn("nobody")
        #expect(wrong.status == 401 && unknown.status == 401)
        #expect(wrong.body == unknown.body)
        #expect(wrong.body["error"] == "invalidCredentials")
    }

    @Test("Five failures within fifteen minutes lock the name out, even with the right password")
    func lockout() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada")
        for _ in 1...5 { #expect(await api.logIn("ada", password: "wrong password").status == 401) }
        let locked = await api.logIn("ada")
        #expect(locked.status == 429)
        #expect(locked.body["error"] == "tooManyAttempts")
        guard case .number(let retryAfter)? = locked.body["retryAfter"] else {
            Issue.record("no retryAfter in \(locked.body)")
            return
        }
        #expect((890...900).contains(retryAfter))
        #expect(await api.logIn("bob").status == 401, "another name is not locked")
    }

    @Test("Failures older than fifteen minutes no longer count")
    func lockoutExpires() async throws {
        let api = try SampleAPIHarness()
        await api.signUp("ada")
        let old = Int(SampleAPIHarness.now.timeIntervalSince1970) - 16 * 60
        for _ in 1...5 { try await api.execute("INSERT INTO sample_login_failures (username, failed_at) VALUES ('ada', ?)", old) }
        #expect(await api.logIn("ada").status == 200)
    }

    @Test("Fetching a user needs that user's bearer token")
    func fetchUser() async throws {
        let api = try SampleAPIHarness()
        let id = try #require(await api.signUp("ada"))
        let other = try #require(await api.signUp("bob"))
        guard case .string(let token)? = await api.logIn("ada").body["token"] else {
            Issue.record("no token")
            return
        }
        let own = await api.get("/v1/users/\(id)", headers: ["Authorization": "Bearer \(token)"])
        #expect(own.status == 200)
        #expect(own.body["username"] == "ada")
        #expect(await api.get("/v1/users/\(id)").status == 401)
        #expect(await api.get("/v1/users/\(id)", headers: ["Authorization": "Bearer nonsense"]).status == 401)
        #expect(await api.get("/v1/users/\(other)", headers: ["Authorization": "Bearer \(token)"]).status == 403)
    }

    @Test("Logging out revokes the token")
    func logOut() async throws {
        let api = try SampleAPIHarness()
        let id = try #require(await api.signUp("ada"))
        guard case .string(let token)? = await api.logIn("ada").body["token"] else {
            Issue.record("no token")
            return
        }
        let bearer = ["Authorization": "Bearer \(token)"]
        let response = await api.api.router.respond(to: SampleRequest(method: "DELETE", path: "/v1/sessions/current", headers: bearer))
        #expect(response.status == 200)
        #expect(await api.get("/v1/users/\(id)", headers: bearer).status == 401)
    }
}
