import Foundation
import ViperJSON
import ViperStore

@testable import SampleServer

/// The sample server's APIs in this process, without sockets: requests go straight to the
/// router, at a fixed instant, on a database in memory.
struct SampleAPIHarness {
    static let now = Date(timeIntervalSince1970: 1_795_424_400)  // 2026-11-23T09:00:00Z

    let api: SampleAPI
    let database: StoreDatabase

    init(requiresAPIKey: Bool = false) throws {
        database = try StoreDatabase.inMemory(migrations: SampleServer.migrations)
        api = SampleAPI(configuration: SampleServerConfiguration(
            database: database, clock: .starting(at: Self.now), requiresAPIKey: requiresAPIKey, passwordHashing: .fast))
    }

    func get(_ path: String, _ query: [String: String] = [:], headers: [String: String] = [:]) async -> SampleResponse {
        await api.router.respond(to: SampleRequest(method: "GET", path: path, query: query, headers: headers))
    }

    func post(_ path: String, _ body: JSONValue, headers: [String: String] = [:]) async -> SampleResponse {
        await api.router.respond(to: SampleRequest(method: "POST", path: path, headers: headers, body: JSONWriter.encode(body)))
    }

    func post(_ path: String, raw body: String) async -> SampleResponse {
        await api.router.respond(to: SampleRequest(method: "POST", path: path, body: Array(body.utf8)))
    }

    /// Signs up `username` with `password` and returns the new user's id.
    @discardableResult
    func signUp(_ username: String, password: String = "correct horse") async -> String? {
        let response = await post("/v1/users", ["username": .string(username), "password": .string(password), "displayName": "Ada Lovelace"])
        guard case .string(let id)? = response.body["id"] else { return nil }
        return id
    }

    func logIn(_ username: String, password: String = "correct horse") async -> SampleResponse {
        await post("/v1/sessions", ["username": .string(username), "password": .string(password)])
    }
}
