import Foundation

/// The HTTP port a session hands its modules: the engine's or the client's, with each request
/// counted as waiting outside the engine, so that `engine.idle` does not wait for a server.
///
/// It is also where a journaled session records what servers answered, and where a resumed
/// one takes those answers back instead of asking again.
struct SessionHTTPClient: HTTPClient {
    let base: any HTTPClient
    weak let session: Session?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let session else { return try await base.send(request) }
        let key = HTTPRequestKey.of(request)
        switch await session.replayedAnswer(to: key) {
        case .recorded(let outcome):
            return try outcome.get()
        case .missing:
            throw HTTPFailure(message: "the session's journal has no answer to \(request.method) \(request.url.absoluteString), and a replay asks no server")
        case .live:
            break
        }
        let background = WorkOrigin.current == .background
        // Before the wait begins: a session waiting outside counts as idle, and a request to
        // the client must be journaled, and so out, by then.
        let reserved = await session.reserveRequestToClient(key: key)
        do {
            let response = try await Session.$reservedRequestID.withValue(reserved) {
                // A request the View performs parks the work once it is out: the View sees it
                // before any engine.idle answer that follows.
                try await session.waitingOutside(parkingWhenAsking: base is EffectHTTPClient) { try await base.send(request) }
            }
            await session.journalInput(.http(key: key, outcome: .success(response), background: background))
            return response
        } catch let failure as HTTPFailure {
            await session.journalInput(.http(key: key, outcome: .failure(failure), background: background))
            throw failure
        }
    }
}
