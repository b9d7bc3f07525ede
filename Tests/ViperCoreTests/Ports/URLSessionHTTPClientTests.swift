import Foundation
import LoopbackServer
import Testing

@testable import ViperCore

/// The engine's own HTTP port, URLSession, against a real server on 127.0.0.1.
struct URLSessionHTTPClientTests {
    /// The client's default timeout: the in-process server answers in milliseconds alone, but
    /// in the parallel suite it waits for the process's two cooperative threads, once past 5 s.
    private let client = URLSessionHTTPClient()

    private func get(_ url: String, headers: [String: String] = [:]) async throws -> ViperCore.HTTPResponse {
        try await client.send(ViperCore.HTTPRequest(url: URL(string: url)!, headers: headers))
    }

    @Test func aResponseComesBackWithItsStatusLowerCasedHeadersAndBody() async throws {
        let server = try await LoopbackServer.start([
            ("GET /hello", { request in
                let greeting = request.headers["x-greeting"] ?? "none"
                return LoopbackServer.Response(headers: ["Content-Type": "text/plain", "X-Echo": greeting], body: Data("hi".utf8))
            }),
        ])
        let response = try await get(server.baseURL + "/hello", headers: ["X-Greeting": "bonjour"])
        #expect(response.status == 200)
        #expect(response.body == Data("hi".utf8))
        #expect(response.headers["content-type"] == "text/plain")
        #expect(response.headers["x-echo"] == "bonjour")
    }

    @Test func aServerErrorIsAResponseNotAFailure() async throws {
        let server = try await LoopbackServer.start([
            ("POST /fail", { request in
                LoopbackServer.Response(status: 500, body: request.body)
            }),
        ])
        let response = try await client.send(ViperCore.HTTPRequest(method: "POST", url: URL(string: server.baseURL + "/fail")!, body: Data("sent".utf8)))
        #expect(response.status == 500)
        #expect(String(decoding: response.body, as: UTF8.self) == "sent")
        #expect(try await get(server.baseURL + "/nowhere").status == 404)
    }

    @Test func noServerIsAnHTTPFailure() async throws {
        let server = try await LoopbackServer.start([])
        let url = server.baseURL + "/gone"
        await server.stop()
        await #expect(throws: HTTPFailure.self) { try await get(url) }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        // The server never answers in the test's time: without the cancellation the request
        // would end in the client's timeout (an HTTPFailure), not in a CancellationError. No
        // clock is read, since beside the whole suite even a cancellation may wait seconds.
        let server = try await LoopbackServer.start([
            ("GET /slow", { _ in
                try await Task.sleep(for: .seconds(600))
                return LoopbackServer.Response()
            }),
        ])
        let task = Task { try await get(server.baseURL + "/slow") }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aRequestWhoseTaskIsCancelledAlreadyIsCancelledNotLeftToTimeOut() async throws {
        let server = try await LoopbackServer.start([
            ("GET /slow", { _ in
                try await Task.sleep(for: .seconds(600))
                return LoopbackServer.Response()
            }),
        ])
        // Cancelled before the data task exists: before the fix, the task ran to the client's
        // timeout and failed as HTTP instead.
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await get(server.baseURL + "/slow")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
