import Foundation
import ViperCore
import ViperJSON

/// Performs the engine's `effect.http` requests for a View that asked to perform HTTP itself,
/// through the engine's own HTTP port, and words the reply as protocol.md section 6 asks.
struct HTTPEffectPerformer: Sendable {
    let http: any HTTPClient

    /// The reply to an `effect.http`: the result, or an error object when no response came (or
    /// the request could not be read, or is not one this performer can send).
    func reply(to effect: EffectHTTPRequest?) async -> (answer: JSONValue, isError: Bool) {
        guard let effect, let request = Self.request(from: effect) else {
            return (["code": -32602, "message": "the effect.http params were not a request with a method and an absolute URL"], true)
        }
        do {
            return (Self.result(of: try await http.send(request)), false)
        } catch let failure as HTTPFailure {
            return (["code": -1, "message": .string(failure.message)], true)
        } catch {
            return (["code": -1, "message": .string("the request was cancelled")], true)
        }
    }

    /// The request `effect` describes, when its URL is absolute.
    static func request(from effect: EffectHTTPRequest) -> HTTPRequest? {
        guard let url = URL(string: effect.url), url.scheme != nil else { return nil }
        let body: Data? = if let text = effect.body { Data(text.utf8) } else { effect.bodyBase64.flatMap { Data(base64Encoded: $0) } }
        return HTTPRequest(method: effect.method, url: url, headers: effect.headers, body: body)
    }

    /// `{"status", "headers", "body"}`, with `bodyBase64` instead for a body that is not UTF-8.
    static func result(of response: HTTPResponse) -> JSONValue {
        var result: [String: JSONValue] = [
            "status": .number(Double(response.status)),
            "headers": .object(response.headers.mapValues { .string($0) }),
        ]
        if let text = String(data: response.body, encoding: .utf8) {
            result["body"] = .string(text)
        } else {
            result["bodyBase64"] = .string(response.body.base64EncodedString())
        }
        return .object(result)
    }
}
