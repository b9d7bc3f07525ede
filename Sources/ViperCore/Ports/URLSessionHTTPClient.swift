import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The HTTP port the engine uses unless the client performs HTTP itself: Foundation's
/// URLSession, with no cache and no cookies, so that what a Service sees depends only on the
/// server.
///
/// The URLSession is made on the first request, not with the client: on Linux making one starts
/// libcurl and OpenSSL and looks for cookie and cache folders, which cost every engine start
/// several milliseconds (BENCHMARKS.md) though most sessions never go out.
public struct URLSessionHTTPClient: HTTPClient {
    private let made: LazySession

    /// A client whose requests give up after `timeout` seconds without an answer.
    public init(timeout: Double = 30) {
        made = LazySession(timeout: timeout)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let session = made.session
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        // The completion-handler API, not `data(for:)`: its cancellation is the same on Linux
        // and on Apple's systems.
        // Cancellation may come before the data task exists (a View that cancels at once):
        // then the task is cancelled as soon as it is made, instead of running to its timeout.
        let running = Mutex<(task: URLSessionDataTask?, isCancelled: Bool)>((nil, false))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        let cancelled = (error as? URLError)?.code == .cancelled
                        continuation.resume(throwing: cancelled ? CancellationError() : HTTPFailure(message: error.localizedDescription))
                    } else if let response = response as? HTTPURLResponse {
                        var headers: [String: String] = [:]
                        for (name, value) in response.allHeaderFields {
                            if let name = name as? String, let value = value as? String { headers[name] = value }
                        }
                        continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: headers, body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: HTTPFailure(message: "the server's answer was not HTTP"))
                    }
                }
                let cancelledAlready = running.withLock { state in
                    state.task = task
                    return state.isCancelled
                }
                if cancelledAlready { task.cancel() }
                task.resume()
            }
        } onCancel: {
            running.withLock { state in
                state.isCancelled = true
                state.task?.cancel()
            }
        }
    }

    /// The client's URLSession, made when first asked for.
    private final class LazySession: Sendable {
        private let timeout: Double
        private let storage = Mutex<URLSession?>(nil)

        init(timeout: Double) {
            self.timeout = timeout
        }

        var session: URLSession {
            storage.withLock { session in
                if let session { return session }
                let configuration = URLSessionConfiguration.ephemeral
                configuration.timeoutIntervalForRequest = timeout
                configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
                configuration.urlCache = nil
                configuration.httpCookieStorage = nil
                let made = URLSession(configuration: configuration)
                session = made
                return made
            }
        }
    }
}
