import ViperJSON

extension JSONValue {
    /// The string, or the JSON text of anything else; for screens.
    var text: String {
        if case .string(let string) = self { return string }
        return JSONWriter.string(self)
    }

    var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }
}
