import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The user Service over HTTP: `POST /v1/users`, `POST /v1/sessions`, `GET /v1/users/{id}` of
/// the sample server's API (docs/sample-server.openapi.json).
struct HTTPUserService: UserService {
    let endpoint: ServiceEndpoint
    let client: ServiceClient

    static let signUpOperation = "accounts.signUp"
    static let logInOperation = "accounts.logIn"
    static let fetchUserOperation = "accounts.fetchUser"

    func createUser(username: String, displayName: String, password: Password) async throws(AccountsFailure) -> User {
        let reply = try await send(
            "POST", "/v1/users", body: ["username": .string(username), "displayName": .string(displayName), "password": .string(password.revealed)],
            operation: Self.signUpOperation)
        switch reply.status {
        case 201: return try Self.user(reply.body)
        case 409: throw .usernameTaken
        case 422: throw .rejected(message: reply.body["message"]?.text ?? "the server refused the form")
        default: throw Self.unexpected(reply)
        }
    }

    func logIn(username: String, password: Password) async throws(AccountsFailure) -> SignedInUser {
        let reply = try await send(
            "POST", "/v1/sessions", body: ["username": .string(username), "password": .string(password.revealed)], operation: Self.logInOperation)
        switch reply.status {
        case 200:
            guard let token = reply.body["token"]?.text, let user = reply.body["user"] else { throw .serverError(reason: "the answer has no token or user") }
            return SignedInUser(user: try Self.user(user), token: token)
        case 401: throw .invalidCredentials
        case 429:
            // Clamped to a day: a server may send any number, and Int(1e300) would trap.
            guard case .number(let seconds)? = reply.body["retryAfter"], seconds.isFinite else { throw .lockedOut(retryAfter: 900) }
            throw .lockedOut(retryAfter: Int(min(max(seconds.rounded(.up), 1), 86_400)))
        default: throw Self.unexpected(reply)
        }
    }

    func fetchUser(id: String, token: String) async throws(AccountsFailure) -> User {
        let path = "/v1/users/" + ServiceEndpoint.segment(id)
        let reply = try await send("GET", path, headers: ["Authorization": "Bearer \(token)"], operation: Self.fetchUserOperation)
        switch reply.status {
        case 200: return try Self.user(reply.body)
        case 401, 403, 404: throw .signedOut
        default: throw Self.unexpected(reply)
        }
    }

    private func send(
        _ method: String, _ path: String, body: JSONValue? = nil, headers: [String: String] = [:], operation: String
    ) async throws(AccountsFailure) -> ServiceClient.Reply {
        do {
            return try await client.send(method, path, on: endpoint, body: body, headers: headers, operation: operation)
        } catch {
            switch error {
            case .unreachable(let reason): throw .unreachable(reason: reason)
            case .cancelled: throw .cancelled
            case .status, .malformed: throw .serverError(reason: error.description)
            }
        }
    }

    private static func user(_ body: JSONValue) throws(AccountsFailure) -> User {
        guard let id = body["id"]?.text, let username = body["username"]?.text, let displayName = body["displayName"]?.text,
            let created = body["createdAt"]?.text, let createdAt = try? Date(created, strategy: .iso8601)
        else { throw .serverError(reason: "the answer is not a user") }
        return User(id: id, username: username, displayName: displayName, createdAt: createdAt)
    }

    private static func unexpected(_ reply: ServiceClient.Reply) -> AccountsFailure {
        .serverError(reason: ServiceFailure.status(reply.status, code: reply.body["error"]?.text, message: reply.body["message"]?.text).description)
    }
}
