import ViperJSON

/// A request the API refuses: its status, a stable code and a sentence for people, and the
/// extra members of the error body (`field`, `retryAfter`).
package struct SampleFailure: Error, Sendable {
    package let status: Int
    package let code: String
    package let message: String
    package var details: [String: JSONValue] = [:]

    package init(_ status: Int, _ code: String, _ message: String, details: [String: JSONValue] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }

    /// 422 for a field that breaks a rule: `{"error": "invalid", "field", "message"}`.
    package static func invalid(field: String, _ message: String) -> SampleFailure {
        SampleFailure(422, "invalid", message, details: ["field": .string(field)])
    }

    /// The response in the error style of the API that refused.
    func response(in style: ErrorStyle) -> SampleResponse {
        switch style {
        case .viper:
            var body = details
            body["error"] = .string(code)
            body["message"] = .string(message)
            return SampleResponse(status, .object(body))
        case .newsAPI:
            return SampleResponse(status, ["status": "error", "code": .string(code), "message": .string(message)])
        case .openMeteo:
            return SampleResponse(status, ["error": true, "reason": .string(message)])
        }
    }
}
