import MCP
import ViperJSON

extension JSONValue {
    /// The same JSON as the MCP SDK's `Value`.
    var mcpValue: MCP.Value {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): Int(exactly: number).map(MCP.Value.int) ?? .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.mcpValue))
        case .object(let members): .object(members.mapValues(\.mcpValue))
        }
    }

    /// `value` as the engine's JSON. The SDK reads a string that looks like a data URL as bytes;
    /// it goes back to the string it was.
    init(_ value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .data(let mimeType, let bytes): self = .string(bytes.dataURLEncoded(mimeType: mimeType))
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
        }
    }
}
