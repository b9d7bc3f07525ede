import Foundation
import Synchronization
import ViperCore

/// An HTTP port for sessions whose tests never fetch: it fails loudly if asked.
struct UnusedHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPFailure(message: "this test engine makes no HTTP requests, but got \(request.url)")
    }
}

/// An HTTP port whose requests wait until the test answers them, or until they are cancelled:
/// what the tests of cancellation need, a request that is under way for as long as they like.
final class HeldHTTPClient: HTTPClient {
    private struct Held {
        let request: HTTPRequest
        let continuation: CheckedContinuation<HTTPResponse, any Error>
    }

    private let held = Mutex<[Int: Held]>([:])
    private let counter = Mutex(0)

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = counter.withLock { value in
            value += 1
            return value
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                held.withLock { $0[key] = Held(request: request, continuation: continuation) }
                // Cancelled before it was held: the cancellation handler found nothing to resume.
                if Task.isCancelled, let cancelled = held.withLock({ $0.removeValue(forKey: key) }) {
                    cancelled.continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            held.withLock { $0.removeValue(forKey: key) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until `count` requests are waiting (at most five seconds).
    func untilWaiting(_ count: Int) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while waiting.count < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// The URLs of the requests waiting now, oldest first.
    var waiting: [String] {
        held.withLock { $0.sorted { $0.key < $1.key }.map { $0.value.request.url.absoluteString } }
    }

    /// Answers the oldest waiting request with `status` and `body`.
    func answerOldest(status: Int = 200, body: String) {
        let oldest = held.withLock { held -> Held? in
            guard let key = held.keys.min() else { return nil }
            return held.removeValue(forKey: key)
        }
        oldest?.continuation.resume(returning: HTTPResponse(status: status, body: Data(body.utf8)))
    }
}

/// An HTTP port that answers every request at once with 200 and the URL as its body, and
/// counts what it was asked: how a test sees that a replay asks no server again.
final class CountingHTTPClient: HTTPClient {
    private let asked = Mutex<[String]>([])

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        asked.withLock { $0.append(request.url.absoluteString) }
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("from \(request.url.absoluteString)".utf8))
    }

    /// The URLs asked for, in order.
    var requests: [String] { asked.withLock { $0 } }
}
