/// JSON written for people to read: members sorted as the wire sorts them, one per line,
/// indented by two spaces. For documents kept in the repository (protocol.schema.json), where a
/// change should show as a readable diff.
package enum PrettyJSON {
    /// `value`, pretty, with a final newline.
    package static func encode(_ value: JSONValue) -> [UInt8] {
        var text = ""
        write(value, indent: "", into: &text)
        text += "\n"
        return Array(text.utf8)
    }

    private static func write(_ value: JSONValue, indent: String, into text: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                write(element, indent: inner, into: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            let keys = members.keys.sorted(by: JSONWriter.utf8Order)
            for (index, key) in keys.enumerated() {
                text += inner + JSONWriter.string(.string(key)) + ": "
                write(members[key]!, indent: inner, into: &text)
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += JSONWriter.string(value)
        }
    }
}
