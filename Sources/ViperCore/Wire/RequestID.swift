import ViperJSON

/// The `id` of a JSON-RPC request, echoed unchanged in its response.
package enum RequestID: Sendable, Equatable {
    /// A number, kept as the client spelled it (`7`, `1.0`, `9007199254740993`), so that the
    /// response carries exactly the id the request did.
    case number(String)
    case string(String)
    /// An explicit `"id": null`, and the id of errors about lines whose id could not be read.
    case null

    /// Reads an id as JSON-RPC allows it: a string, a number (spelled `numberText` in the
    /// request) or null.
    init?(_ value: JSONValue, numberText: String?) {
        switch value {
        case .number(let number): self = .number(numberText ?? JSONWriter.string(.number(number)))
        case .string(let string): self = .string(string)
        case .null: self = .null
        default: return nil
        }
    }

    /// The id as a JSON value (a number as a double), for messages and comparisons.
    var json: JSONValue {
        switch self {
        case .number(let text): .number(Double(text) ?? .nan)
        case .string(let string): .string(string)
        case .null: .null
        }
    }

    /// Whether `other` names the same request: numbers compare by value (`5` and `5.0`), so
    /// that `$/cancelRequest` finds the request however either spelled its id.
    func names(sameRequestAs other: RequestID) -> Bool {
        switch (self, other) {
        case (.number(let left), .number(let right)): Double(left) == Double(right)
        default: self == other
        }
    }
}

extension JSONWriter {
    /// Writes a request's id as the request spelled it.
    mutating func write(_ id: RequestID) {
        switch id {
        case .number(let text): write(numberText: text)
        case .string(let string): write(string: string)
        case .null: write(raw: "null")
        }
    }
}
