import Crypto
import Foundation
import ViperJSON
import ViperStore

/// The Accounts app's user Service on the server side: create a user, log a user in, fetch a user.
///
/// Passwords are kept only as salted scrypt hashes and compared in constant time; a username
/// that failed to log in five times within fifteen minutes is locked out until the oldest of
/// those failures is fifteen minutes old.
struct UsersAPI: Sendable {
    let store: Store
    let clock: SampleClock
    let hashing: PasswordHashing

    static let lockoutFailures = 5
    static let lockoutWindow = 15 * 60

    func register(in router: inout SampleRouter) {
        router.add("POST", "/v1/users") { request, _ throws(SampleFailure) in try await signUp(request) }
        router.add("POST", "/v1/sessions") { request, _ throws(SampleFailure) in try await logIn(request) }
        router.add("DELETE", "/v1/sessions/current") { request, _ throws(SampleFailure) in try await logOut(request) }
        router.add("GET", "/v1/users/{id}") { request, parameters throws(SampleFailure) in try await fetchUser(request, id: parameters["id"] ?? "") }
    }

    private func signUp(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        let body = try request.jsonObject()
        let username = try request.string("username", in: body)
        let displayName = try request.string("displayName", in: body).trimmingCharacters(in: .whitespacesAndNewlines)
        let password = try request.string("password", in: body)
        // Bytes, not Characters: "b" with a combining accent is one Character that compares
        // between "a" and "z", and was let in.
        guard (3...32).contains(username.utf8.count), username.utf8.allSatisfy(Self.isUsernameByte) else {
            throw .invalid(field: "username", "A username is 3 to 32 characters of a-z, 0-9, '.', '_' and '-'.")
        }
        guard !displayName.isEmpty else { throw .invalid(field: "displayName", "A display name is required.") }
        guard password.count >= 10 else { throw .invalid(field: "password", "A password is at least 10 characters.") }
        let hash: String
        do {
            hash = try hashing.hash(password)
        } catch {
            throw SampleFailure(500, "internal", "The password could not be hashed: \(error)")
        }
        let createdAt = Timestamp.string(clock.now())
        let user = try await stored {
            try await store.write { db -> JSONValue? in
                let inserted = try await db.row(
                    "INSERT INTO sample_users (username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (username) DO NOTHING RETURNING id",
                    username, displayName, hash, createdAt)
                guard let inserted else { return nil }
                return Self.userJSON(id: try inserted.get(0), username: username, displayName: displayName, createdAt: createdAt)
            }
        }
        guard let user else { throw SampleFailure(409, "usernameTaken", "The username \(username) is taken.") }
        return SampleResponse(201, user)
    }

    private func logIn(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        let body = try request.jsonObject()
        let username = try request.string("username", in: body)
        let password = try request.string("password", in: body)
        let now = Int(clock.now().timeIntervalSince1970)
        let (failures, row) = try await stored {
            try await store.read { db in
                let failures: [Int] = try await db.query(
                    "SELECT failed_at FROM sample_login_failures WHERE username = ? AND failed_at > ? ORDER BY failed_at", username, now - Self.lockoutWindow
                ).map { try $0.get(0) }
                let row = try await db.row("SELECT id, username, display_name, password_hash, created_at FROM sample_users WHERE username = ?", username)
                return (failures, row)
            }
        }
        if failures.count >= Self.lockoutFailures, let oldest = failures.first {
            let retryAfter = max(1, oldest + Self.lockoutWindow - now)
            throw SampleFailure(
                429, "tooManyAttempts", "Too many failed attempts for \(username); try again in \(retryAfter) seconds.",
                details: ["retryAfter": .number(Double(retryAfter))])
        }
        let storedHash: String = try Self.readable { try row?.get("password_hash") } ?? PasswordHashing.unknownUserHash
        guard PasswordHashing.verify(password, against: storedHash), let row else {
            try await stored {
                try await store.write { db in
                    try await db.execute("INSERT INTO sample_login_failures (username, failed_at) VALUES (?, ?)", username, now)
                }
            }
            throw SampleFailure(401, "invalidCredentials", "The username or the password is wrong.")
        }
        let token = (0..<32).map { _ in UInt8.random(in: .min ... .max) }.hexString
        let userID: Int64 = try Self.readable { try row.get("id") }
        try await stored {
            try await store.write { db in
                try await db.execute("DELETE FROM sample_login_failures WHERE username = ?", username)
                try await db.execute(
                    "INSERT INTO sample_sessions (token_digest, user_id, created_at) VALUES (?, ?, ?)", Self.digest(token), userID,
                    Timestamp.string(clock.now()))
            }
        }
        return SampleResponse(200, ["token": .string(token), "user": try Self.userJSON(row)])
    }

    private func logOut(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        _ = try await signedInUser(request)
        try await stored {
            try await store.write { db in
                try await db.execute("DELETE FROM sample_sessions WHERE token_digest = ?", Self.digest(request.bearerToken ?? ""))
            }
        }
        return SampleResponse(200, ["signedOut": true])
    }

    private func fetchUser(_ request: SampleRequest, id: String) async throws(SampleFailure) -> SampleResponse {
        let signedIn = try await signedInUser(request)
        guard let requested = Int64(id) else { throw SampleFailure(404, "notFound", "There is no user \(id).") }
        guard requested == signedIn else { throw SampleFailure(403, "forbidden", "A session may read only its own user.") }
        let row = try await stored {
            try await store.read { db in
                try await db.row("SELECT id, username, display_name, created_at FROM sample_users WHERE id = ?", requested)
            }
        }
        guard let row else { throw SampleFailure(404, "notFound", "There is no user \(id).") }
        return SampleResponse(200, try Self.userJSON(row))
    }

    /// The id of the user whose token the request carries; 401 without one or for a token the
    /// server does not know.
    private func signedInUser(_ request: SampleRequest) async throws(SampleFailure) -> Int64 {
        guard let token = request.bearerToken else {
            throw SampleFailure(401, "unauthorized", "Send the token from POST /v1/sessions as 'Authorization: Bearer TOKEN'.")
        }
        let userID: Int64? = try await stored {
            try await store.read { db in
                try await db.row("SELECT user_id FROM sample_sessions WHERE token_digest = ?", Self.digest(token))?.get(0)
            }
        }
        guard let userID else { throw SampleFailure(401, "unauthorized", "The token is not valid; log in again.") }
        return userID
    }

    private static func isUsernameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func digest(_ token: String) -> String {
        Array(SHA256.hash(data: Array(token.utf8))).hexString
    }

    private static func userJSON(_ row: StoreRow) throws(SampleFailure) -> JSONValue {
        try readable {
            userJSON(id: try row.get("id"), username: try row.get("username"), displayName: try row.get("display_name"), createdAt: try row.get("created_at"))
        }
    }

    /// What `body` reads from a row; a row the server cannot read is a 500 that says why.
    private static func readable<Value>(_ body: () throws -> Value) throws(SampleFailure) -> Value {
        do {
            return try body()
        } catch {
            throw SampleFailure(500, "storage", "The server could not read its database: \(error)")
        }
    }

    private static func userJSON(id: Int64, username: String, displayName: String, createdAt: String) -> JSONValue {
        ["id": .string(String(id)), "username": .string(username), "displayName": .string(displayName), "createdAt": .string(createdAt)]
    }
}
