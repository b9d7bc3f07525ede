import Foundation
import ViperJSON
import ViperStore

@testable import SampleServer

/// The sample server's APIs in this process, without sockets: requests go straight to the
/// router, at a fixed instant, on a database in memory.
struct SampleAPIHarness {
    static let now = Date(timeIntervalSince1970: 1_795_424_400)  // 2026-11-23T09:00:00Z

    let api: SampleAPI
    let database: SQLiteStore

    init(requiresAPIKey: Bool = false) throws {
        database = try SQLiteStore.inMemory(migrations: SampleServer.migrations)
        api = SampleAPI(configuration: SampleServerConfiguration(
            store: Store(database), clock: .starting(at: Self.now), requiresAPIKey: requiresAPIKey, passwordHashing: .fast))
    }

    /// The first column of `sql`'s rows, read from the server's database.
    func texts(_ sql: String) async throws -> [String] {
        try await Store(database).read { db in try await db.query(sql).map { try $0.get(0) } }
    }

    /// Runs `sql` on the server's database, as another tool would.
    func execute(_ sql: String, _ arguments: any StoreArgument...) async throws {
        try await Store(database).write { db in try await db.execute(sql, arguments.map(\.storeValue)) }
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
