import Foundation
import ViperJSON

/// The HTTP port of a session whose client performs HTTP itself: each request becomes an
/// `effect.http` request to the client, and its reply the response.
struct EffectHTTPClient: HTTPClient {
    weak let session: Session?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let session else { throw HTTPFailure(message: "the session has ended") }
        let outcome: Result<HTTPResponse, HTTPFailure>
        do {
            outcome = try await session.request(EffectHTTPRequest.wireMethod.rawValue, params: Self.params(of: request), parse: Self.read)
        } catch let failure as ClientReplyFailure {
            throw HTTPFailure(message: failure.message)
        }
        return try outcome.get()
    }

    /// `{"method", "url", "headers", "body"}`; the body as text when it is UTF-8, else as
    /// `bodyBase64`.
    static func params(of request: HTTPRequest) -> JSONValue {
        var effect = EffectHTTPRequest(method: request.method, url: request.url.absoluteString, headers: request.headers)
        if let body = request.body {
            if let text = String(data: body, encoding: .utf8) {
                effect.body = text
            } else {
                effect.bodyBase64 = body.base64EncodedString()
            }
        }
        // Strings and a dictionary of strings always encode.
        return (try? JSONValueEncoder.encode(effect)) ?? .null
    }

    /// Reads the client's reply: `{"status", "headers"?, "body" | "bodyBase64"}`, or an error
    /// object, which is a failed request carrying the error's message.
    static func read(_ outcome: IncomingReply.Outcome) throws(ProtocolError) -> Result<HTTPResponse, HTTPFailure> {
        switch outcome {
        case .error(let error):
            guard case .string(let message)? = error["message"] else {
                throw .invalidReply(path: "error.message", "must be a string saying why the request failed")
            }
            return .failure(HTTPFailure(message: message))
        case .result(let result):
            guard case .object(let members) = result else { throw .invalidReply(path: "result", "must be an object") }
            guard case .number(let number)? = members["status"], let status = Int(exactly: number), (100...599).contains(status) else {
                throw .invalidReply(path: "result.status", "must be an HTTP status, an integer from 100 to 599")
            }
            var headers: [String: String] = [:]
            switch members["headers"] {
            case nil, .null?: break
            case .object(let fields)?:
                for (name, value) in fields {
                    guard case .string(let text) = value else {
                        throw .invalidReply(path: "result.headers.\(name)", "must be a string")
                    }
                    headers[name] = text
                }
            case let other?:
                throw .invalidReply(path: "result.headers", "must be an object of strings, not \(other.typeDescription)")
            }
            let body: Data
            switch (members["body"], members["bodyBase64"]) {
            case (.string(let text)?, nil), (.string(let text)?, .null?):
                body = Data(text.utf8)
            case (nil, .string(let encoded)?), (.null?, .string(let encoded)?):
                guard let bytes = Data(base64Encoded: encoded) else {
                    throw .invalidReply(path: "result.bodyBase64", "must be base64")
                }
                body = bytes
            case (nil, nil), (.null?, nil), (nil, .null?), (.null?, .null?):
                body = Data()
            case (.some, .some):
                throw .invalidReply(path: "result.body", "and bodyBase64 cannot both be given")
            default:
                throw .invalidReply(path: "result.body", "must be a string (or bodyBase64 a base64 string)")
            }
            return .success(HTTPResponse(status: status, headers: headers, body: body))
        }
    }
}
