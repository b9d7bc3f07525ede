import Foundation
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

    /// Sends `method` to `path` of `endpoint` with `query` and a JSON `body`, as the fault
    /// operation `operation`, and returns the answer whatever its status, as long as its body is
    /// JSON. Every way it can fail is a `ServiceFailure`, cancellation included, so a Service
    /// has one failure to word.
    package func send(
        _ method: String, _ path: String, on endpoint: ServiceEndpoint, query: [(name: String, value: String)] = [],
        body: JSONValue? = nil, headers: [String: String] = [:], operation: String
    ) async throws(ServiceFailure) -> Reply {
        do {
            try faults?.check(operation)
        } catch {
            throw .unreachable(error.message)
        }
        let url = try await endpoint.url(path, query: query)
        var allHeaders = endpoint.headers.merging(headers) { $1 }
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
            throw .unreachable(failure.message)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            // A port that throws something else still means no answer came.
            throw .unreachable("\(error)")
        }
        do {
            return Reply(status: response.status, body: try JSONParser.parse(Array(response.body)))
        } catch {
            let type = response.headers["content-type"].map { " (\($0))" } ?? ""
            if (200..<300).contains(response.status) {
                throw .malformed("the body\(type) is not JSON")
            }
            throw .status(response.status, code: nil, message: nil)
        }
    }
}
