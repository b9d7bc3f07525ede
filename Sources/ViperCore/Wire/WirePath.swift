/// Spells coding paths the way error messages show them: `params.data.title`, `params.items[2]`.
enum WirePath {
    static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let position = key.intValue {
                text += "[\(position)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text.isEmpty ? "params" : text
    }
}
