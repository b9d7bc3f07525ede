import FlyingFox
import Foundation
import ViperJSON

/// An API's answer: a status and a JSON body, written with sorted keys as the engine writes.
package struct SampleResponse: Sendable {
    package let status: Int
    package let body: ViperJSON.JSONValue
    package var headers: [String: String] = [:]

    package init(_ status: Int = 200, _ body: ViperJSON.JSONValue) {
        self.status = status
        self.body = body
    }

    /// The body's bytes.
    package var bodyBytes: [UInt8] { JSONWriter.encode(body) }

    var flyingFoxResponse: FlyingFox.HTTPResponse {
        var fields: [HTTPHeader: String] = [.contentType: "application/json; charset=utf-8"]
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        return FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(status, phrase: Self.phrase(status)), headers: HTTPHeaders(fields), body: Data(bodyBytes))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        default: "Internal Server Error"
        }
    }
}
