import Foundation
public import ViperCore
import Synchronization

/// An HTTP port that answers with scripted responses, in order, throws scripted `HTTPFailure`s
/// or `CancellationError`s, and records every request it was sent. With nothing left to answer,
/// it throws an `HTTPFailure` saying so.
public final class StubHTTPClient: HTTPClient {
    public enum Outcome: Sendable {
        case response(HTTPResponse)
        case failure(HTTPFailure)
        case cancelled
    }

    private struct State {
        var outcomes: [Outcome] = []
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The requests sent, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func willRespond(_ response: HTTPResponse) {
        state.withLock { $0.outcomes.append(.response(response)) }
    }

    /// Answers the next request with `status` and the JSON text `json`.
    public func willRespond(_ status: Int, json: String) {
        willRespond(HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(json.utf8)))
    }

    /// Answers the next request with `status` and an HTML page, as a proxy or a broken server would.
    public func willRespond(_ status: Int, html: String) {
        willRespond(HTTPResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(html.utf8)))
    }

    /// Gives no answer to the next request: it throws `HTTPFailure(message:)`.
    public func willFail(_ message: String) {
        state.withLock { $0.outcomes.append(.failure(HTTPFailure(message: message))) }
    }

    /// Cancels the next request: it throws `CancellationError`, as the port does when the
    /// calling task is cancelled.
    public func willCancel() {
        state.withLock { $0.outcomes.append(.cancelled) }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome: Outcome? = state.withLock { state in
            state.requests.append(request)
            return state.outcomes.isEmpty ? nil : state.outcomes.removeFirst()
        }
        switch outcome {
        case .response(let response): return response
        case .failure(let failure): throw failure
        case .cancelled: throw CancellationError()
        case nil: throw HTTPFailure(message: "no response scripted for \(request.method) \(request.url.absoluteString)")
        }
    }
}
