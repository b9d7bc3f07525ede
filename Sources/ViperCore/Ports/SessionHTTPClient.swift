/// The HTTP port a session hands its modules: the engine's or the client's, with each request
/// counted as waiting outside the engine, so that `engine.idle` does not wait for a server.
struct SessionHTTPClient: HTTPClient {
    let base: any HTTPClient
    weak let session: Session?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let session else { return try await base.send(request) }
        return try await session.waitingOutside { try await base.send(request) }
    }
}
