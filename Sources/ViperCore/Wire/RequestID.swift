/// The `id` of a JSON-RPC request, echoed unchanged in its response.
package enum RequestID: Sendable, Equatable {
    case number(Double)
    case string(String)
    /// An explicit `"id": null`, and the id of errors about lines whose id could not be read.
    case null

    /// Reads an id as JSON-RPC allows it: a string, a number or null.
    init?(_ value: JSONValue) {
        switch value {
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .null: self = .null
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .null: .null
        }
    }
}
