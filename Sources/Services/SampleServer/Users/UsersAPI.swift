import Crypto
import Foundation
import GRDB
import ViperJSON
import ViperStore

/// The Accounts app's user Service on the server side: create a user, log a user in, fetch a user.
///
/// Passwords are kept only as salted scrypt hashes and compared in constant time; a username
/// that failed to log in five times within fifteen minutes is locked out until the oldest of
/// those failures is fifteen minutes old.
struct UsersAPI: Sendable {
    let database: StoreDatabase
    let clock: SampleClock
    let hashing: PasswordHashing

    static let lockoutFailures = 5
    static let lockoutWindow = 15 * 60

    func register(in router: inout SampleRouter) {
        router.add("POST", "/v1/users") { request, _ throws(SampleFailure) in try await signUp(request) }
        router.add("POST", "/v1/sessions") { request, _ throws(SampleFailure) in try await logIn(request) }
        router.add("DELETE", "/v1/sessions/current") { request, _ throws(SampleFailure) in try logOut(request) }
        router.add("GET", "/v1/users/{id}") { request, parameters throws(SampleFailure) in try fetchUser(request, id: parameters["id"] ?? "") }
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
        let user = try stored {
            try database.write { db -> JSONValue? in
                guard try Row.fetchOne(db, sql: "SELECT 1 FROM sample_users WHERE username = ?", arguments: [username]) == nil else { return nil }
                try db.execute(
                    sql: "INSERT INTO sample_users (username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [username, displayName, hash, createdAt])
                return Self.userJSON(id: db.lastInsertedRowID, username: username, displayName: displayName, createdAt: createdAt)
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
        let (failures, row) = try stored {
            try database.read { db in
                let failures = try Int.fetchAll(
                    db, sql: "SELECT failed_at FROM sample_login_failures WHERE username = ? AND failed_at > ? ORDER BY failed_at",
                    arguments: [username, now - Self.lockoutWindow])
                let row = try Row.fetchOne(db, sql: "SELECT id, username, display_name, password_hash, created_at FROM sample_users WHERE username = ?", arguments: [username])
                return (failures, row)
            }
        }
        if failures.count >= Self.lockoutFailures, let oldest = failures.first {
            let retryAfter = max(1, oldest + Self.lockoutWindow - now)
            throw SampleFailure(
                429, "tooManyAttempts", "Too many failed attempts for \(username); try again in \(retryAfter) seconds.",
                details: ["retryAfter": .number(Double(retryAfter))])
        }
        let storedHash: String = row?["password_hash"] ?? PasswordHashing.unknownUserHash
        guard PasswordHashing.verify(password, against: storedHash), let row else {
            try stored {
                try database.write { db in
                    try db.execute(sql: "INSERT INTO sample_login_failures (username, failed_at) VALUES (?, ?)", arguments: [username, now])
                }
            }
            throw SampleFailure(401, "invalidCredentials", "The username or the password is wrong.")
        }
        let token = (0..<32).map { _ in UInt8.random(in: .min ... .max) }.hexString
        try stored {
            try database.write { db in
                try db.execute(sql: "DELETE FROM sample_login_failures WHERE username = ?", arguments: [username])
                try db.execute(
                    sql: "INSERT INTO sample_sessions (token_digest, user_id, created_at) VALUES (?, ?, ?)",
                    arguments: [Self.digest(token), row["id"] as Int64, Timestamp.string(clock.now())])
            }
        }
        return SampleResponse(200, ["token": .string(token), "user": Self.userJSON(row)])
    }

    private func logOut(_ request: SampleRequest) throws(SampleFailure) -> SampleResponse {
        _ = try signedInUser(request)
        try stored {
            try database.write { db in
                try db.execute(sql: "DELETE FROM sample_sessions WHERE token_digest = ?", arguments: [Self.digest(request.bearerToken ?? "")])
            }
        }
        return SampleResponse(200, ["signedOut": true])
    }

    private func fetchUser(_ request: SampleRequest, id: String) throws(SampleFailure) -> SampleResponse {
        let signedIn = try signedInUser(request)
        guard let requested = Int64(id) else { throw SampleFailure(404, "notFound", "There is no user \(id).") }
        guard requested == signedIn else { throw SampleFailure(403, "forbidden", "A session may read only its own user.") }
        let row = try stored {
            try database.read { db in
                try Row.fetchOne(db, sql: "SELECT id, username, display_name, created_at FROM sample_users WHERE id = ?", arguments: [requested])
            }
        }
        guard let row else { throw SampleFailure(404, "notFound", "There is no user \(id).") }
        return SampleResponse(200, Self.userJSON(row))
    }

    /// The id of the user whose token the request carries; 401 without one or for a token the
    /// server does not know.
    private func signedInUser(_ request: SampleRequest) throws(SampleFailure) -> Int64 {
        guard let token = request.bearerToken else {
            throw SampleFailure(401, "unauthorized", "Send the token from POST /v1/sessions as 'Authorization: Bearer TOKEN'.")
        }
        let userID = try stored {
            try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT user_id FROM sample_sessions WHERE token_digest = ?", arguments: [Self.digest(token)])
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

    private static func userJSON(_ row: Row) -> JSONValue {
        userJSON(id: row["id"], username: row["username"], displayName: row["display_name"], createdAt: row["created_at"])
    }

    private static func userJSON(id: Int64, username: String, displayName: String, createdAt: String) -> JSONValue {
        ["id": .string(String(id)), "username": .string(username), "displayName": .string(displayName), "createdAt": .string(createdAt)]
    }
}
