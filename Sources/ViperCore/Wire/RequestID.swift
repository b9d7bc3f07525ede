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
