import Foundation
import ViperCore
import ViperJSON

/// Performs the engine's `effect.http` requests for a View that asked to perform HTTP itself,
/// through the engine's own HTTP port, and words the reply as protocol.md section 6 asks.
struct HTTPEffectPerformer: Sendable {
    let http: any HTTPClient

    /// The reply to an `effect.http` with `params`: the result, or an error object when no
    /// response came (or the params were not a request this performer can send).
    func reply(to params: JSONValue?) async -> (answer: JSONValue, isError: Bool) {
        guard let request = Self.request(from: params) else {
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

    /// The request `params` describe: `method`, `url`, `headers`, and `body` or `bodyBase64`.
    static func request(from params: JSONValue?) -> HTTPRequest? {
        guard case .string(let method)? = params?["method"], case .string(let address)? = params?["url"],
            let url = URL(string: address), url.scheme != nil
        else { return nil }
        var headers: [String: String] = [:]
        if case .object(let fields)? = params?["headers"] {
            for case (let name, .string(let value)) in fields { headers[name] = value }
        }
        let body: Data? = switch (params?["body"], params?["bodyBase64"]) {
        case (.string(let text)?, _): Data(text.utf8)
        case (_, .string(let encoded)?): Data(base64Encoded: encoded)
        default: nil
        }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
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
