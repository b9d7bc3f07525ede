package import Foundation
public import ViperCore
package import ViperJSON

/// Sends a Service's requests through the session's HTTP port and reads JSON answers: the one
/// place that turns transport errors, fault injection and unreadable bodies into
/// `ServiceFailure`, so every Service of every app fails the same way.
public struct ServiceClient: Sendable {
    private let http: any HTTPClient
    private let faults: FaultInjector?

    /// A client over `http`; `faults` makes chosen operations fail on purpose in tests.
    public init(http: any HTTPClient, faults: FaultInjector?) {
        self.http = http
        self.faults = faults
    }

    /// An answer: its status and its body, read as JSON.
    package struct Reply: Sendable {
        package let status: Int
        package let body: JSONValue
    }

    /// Sends `method` to `url` with a JSON `body`, as the fault operation `operation`, and
    /// returns the answer whatever its status, as long as its body is JSON. Throws
    /// `CancellationError` when the calling task is cancelled.
    package func send(
        _ method: String, _ url: URL, body: JSONValue? = nil, headers: [String: String] = [:], operation: String
    ) async throws -> Reply {
        do {
            try faults?.check(operation)
        } catch {
            throw ServiceFailure.unreachable(error.message)
        }
        var allHeaders = headers
        allHeaders["Accept"] = "application/json"
        var request = HTTPRequest(method: method, url: url, headers: allHeaders)
        if let body {
            request.body = Data(JSONWriter.encode(body))
            request.headers["Content-Type"] = "application/json"
        }
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let failure as HTTPFailure {
            throw ServiceFailure.unreachable(failure.message)
        }
        do {
            return Reply(status: response.status, body: try JSONParser.parse(Array(response.body)))
        } catch {
            let type = response.headers["content-type"].map { " (\($0))" } ?? ""
            if (200..<300).contains(response.status) {
                throw ServiceFailure.malformed("the body\(type) is not JSON")
            }
            throw ServiceFailure.status(response.status, code: nil, message: nil)
        }
    }
}
