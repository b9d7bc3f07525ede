import Foundation
import ViperJSON

/// A request as the APIs see it: method, path, query, headers and the whole body, read with a
/// limit so that an oversized body is refused before it fills the memory.
package struct SampleRequest: Sendable {
    package let method: String
    /// The path without its query, `/v1/users/3`.
    package let path: String
    /// The query's parameters; the last of a repeated name wins.
    package let query: [String: String]
    /// Header names lowercased.
    package let headers: [String: String]
    package let body: [UInt8]
    /// Whether the body was longer than the server reads; `body` is then empty.
    package let isBodyTooLarge: Bool

    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = [],
        isBodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
        self.isBodyTooLarge = isBodyTooLarge
    }

    /// The body as a JSON object; 400 when it is not one.
    package func jsonObject() throws(SampleFailure) -> [String: ViperJSON.JSONValue] {
        let value: ViperJSON.JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw SampleFailure(400, "badRequest", "The body is not JSON: \(error.reason) at byte \(error.offset). Send a JSON object.")
        }
        guard case .object(let members) = value else {
            throw SampleFailure(400, "badRequest", "The body must be a JSON object, not \(value.typeDescription).")
        }
        return members
    }

    /// The string member `name` of a JSON body; 422 naming the field when it is missing or
    /// not a string.
    package func string(_ name: String, in members: [String: ViperJSON.JSONValue]) throws(SampleFailure) -> String {
        guard let value = members[name] else {
            throw SampleFailure.invalid(field: name, "\(name) is required")
        }
        guard case .string(let text) = value else {
            throw SampleFailure.invalid(field: name, "\(name) must be a string, not \(value.typeDescription)")
        }
        return text
    }

    /// The integer member `name` of a JSON body; 422 naming the field when it is missing or
    /// not an integer.
    package func integer(_ name: String, in members: [String: ViperJSON.JSONValue]) throws(SampleFailure) -> Int {
        guard let value = members[name] else {
            throw SampleFailure.invalid(field: name, "\(name) is required")
        }
        guard case .number(let number) = value, let integer = Int(exactly: number) else {
            throw SampleFailure.invalid(field: name, "\(name) must be an integer, not \(value.typeDescription)")
        }
        return integer
    }

    /// The bearer token of the `Authorization` header.
    package var bearerToken: String? {
        guard let value = headers["authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
        let token = value.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
