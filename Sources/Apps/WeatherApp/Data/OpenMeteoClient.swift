import ServiceKit
import ViperJSON

/// GETs from one of Open-Meteo's servers (or the sample server, which answers in their shapes)
/// and words every failure as a `WeatherFailure`, Open-Meteo's `{"error": true, "reason"}`
/// included.
struct OpenMeteoClient: Sendable {
    let endpoint: ServiceEndpoint
    let client: ServiceClient

    func get(_ path: String, query: [(name: String, value: String)], operation: String) async throws(WeatherFailure) -> JSONValue {
        let reply: ServiceClient.Reply
        do {
            reply = try await client.send("GET", path, on: endpoint, query: query, operation: operation)
        } catch {
            throw error.worded(as: WeatherFailure.self)
        }
        if reply.body["error"] == .bool(true) { throw .refused(reply.body["reason"]?.text ?? "no reason given") }
        guard (200..<300).contains(reply.status) else { throw .status(reply.status) }
        guard case .object = reply.body else { throw .malformed("the answer is not a JSON object") }
        return reply.body
    }
}
