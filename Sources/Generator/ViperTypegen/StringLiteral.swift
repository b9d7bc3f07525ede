/// Text as a string literal of a generated language, escaped as that language reads it.
enum StringLiteral {
    /// `"…"` for Swift: `\u{…}` for control characters.
    static func swift(_ text: String) -> String {
        quoted(text) { "\\u{\(String($0, radix: 16))}" }
    }

    /// `"…"` for Kotlin: `\$` so that no template starts, `\uXXXX` for control characters.
    static func kotlin(_ text: String) -> String {
        quoted(text, also: ["$": "\\$"]) { "\\u" + hex($0, digits: 4) }
    }

    /// `"…"` for Python: `\xXX` for control characters.
    static func python(_ text: String) -> String {
        quoted(text) { "\\x" + hex($0, digits: 2) }
    }

    /// `text` in double quotes, with the escapes every one of these languages shares, those in
    /// `also`, and control characters as `control` writes them.
    private static func quoted(_ text: String, also: [Unicode.Scalar: String] = [:], control: (UInt32) -> String) -> String {
        let shared: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        var literal = "\""
        for scalar in text.unicodeScalars {
            if let escaped = shared[scalar] ?? also[scalar] {
                literal += escaped
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                literal += control(scalar.value)
            } else {
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
