/// Text as a string literal of a generated language, escaped as that language reads it.
enum StringLiteral {
    /// `"…"` for Swift: `\u{…}` for control characters.
    static func swift(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }

    /// `"…"` for Kotlin: `\$` so that no template starts, `\uXXXX` for control characters.
    static func kotlin(_ text: String) -> String {
        quoted(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "$": "\\$"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default:
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : nil
            }
        }
    }

    private static func quoted(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { literal += escaped } else { literal.unicodeScalars.append(scalar) }
        }
        return literal + "\""
    }
}
