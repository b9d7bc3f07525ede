package import ViperJSON

/// Sending and reading for Services whose failures are the app's own.
extension ServiceClient {
    /// `send(_:_:on:query:body:headers:operation:)`, its failure worded as `Failure`.
    package func send<Failure: ServiceFailureWording>(
        _ method: String, _ path: String, on endpoint: ServiceEndpoint, query: [(name: String, value: String)] = [],
        body: JSONValue? = nil, operation: String, failingAs failure: Failure.Type
    ) async throws(Failure) -> Reply {
        do {
            return try await send(method, path, on: endpoint, query: query, body: body, operation: operation)
        } catch {
            throw error.worded(as: Failure.self)
        }
    }
}

extension ServiceClient.Reply {
    /// The body of a 2xx answer; otherwise the server's `{"error", "message"}` as its refusal,
    /// or the error status when it said nothing readable.
    package func success<Failure: SampleAPIFailureWording>(failingAs failure: Failure.Type) throws(Failure) -> JSONValue {
        guard (200..<300).contains(status) else {
            if let message = body["message"]?.text { throw .refused(message) }
            throw .status(status)
        }
        return body
    }
}
