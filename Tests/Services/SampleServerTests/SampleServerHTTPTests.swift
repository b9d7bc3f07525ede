import Foundation
import Testing
import ViperJSON
import ViperStore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import SampleServer

@Suite("The sample server over real HTTP on 127.0.0.1")
struct SampleServerHTTPTests {
    private func withServer(_ body: (SampleServer) async throws -> Void) async throws {
        let database = try SQLiteStore.inMemory(migrations: SampleServer.migrations)
        let server = try await SampleServer.start(configuration: SampleServerConfiguration(store: Store(database), passwordHashing: .fast))
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func send(_ method: String, _ url: URL, body: Data? = nil) async throws -> (Int, JSONValue, String?) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, try JSONParser.parse(Array(data)), http.value(forHTTPHeaderField: "Content-Type"))
    }

    @Test("It listens on a port of its own and answers JSON")
    func listens() async throws {
        try await withServer { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let (status, body, type) = try await send("GET", server.baseURL.appending(path: "/"))
            #expect(status == 200)
            #expect(type == "application/json; charset=utf-8")
            #expect(body["name"] == "viper sample server")
        }
    }

    @Test("Unknown paths are 404, other methods 405 with Allow, oversized bodies 413; the server goes on")
    func refusals() async throws {
        try await withServer { server in
            #expect(try await send("GET", server.baseURL.appending(path: "/v9/nothing")).0 == 404)
            #expect(try await send("PUT", server.baseURL.appending(path: "/v1/users")).0 == 405)
            let huge = Data(repeating: UInt8(ascii: "x"), count: 200_000)
            let (status, body, _) = try await send("POST", server.baseURL.appending(path: "/v1/users"), body: huge)
            #expect(status == 413)
            #expect(body["error"] == "payloadTooLarge")
            let signUp = Data(#"{"username":"ada","password":"correct horse","displayName":"Ada"}"#.utf8)
            #expect(try await send("POST", server.baseURL.appending(path: "/v1/users"), body: signUp).0 == 201)
        }
    }
}
