import ViperTesting
/// Draws a titled box of text lines, `width` columns wide, the way the REPL draws screens.
///
/// Widths count characters, which is right for the Latin, Greek and Cyrillic text the apps
/// show; wide (CJK) characters would push the right border out.
struct Box {
    enum Border {
        case single, double
    }

    let title: String
    let width: Int
    var border = Border.single

    /// A row of the box: text on the left, optional text flush right.
    struct Row {
        let left: String
        var right: String = ""
        /// Applied after padding, so colour codes never upset the alignment.
        var style: (String) -> String = { $0 }
    }

    func draw(_ rows: [Row], style: TextStyle) -> [String] {
        let (horizontal, vertical, corners) = border == .single
            ? ("─", "│", ("┌", "┐", "└", "┘")) : ("═", "║", ("╔", "╗", "╚", "╝"))
        let inner = width - 4
        let heading = " \(title) "
        let top = corners.0 + horizontal + style.bold(heading)
            + String(repeating: horizontal, count: max(0, width - 3 - heading.count)) + corners.1
        var lines = [top]
        for row in rows {
            let right = Self.truncated(row.right, to: inner)
            let left = Self.truncated(row.left, to: inner - right.count - (right.isEmpty ? 0 : 1))
            let padding = String(repeating: " ", count: max(0, inner - left.count - right.count))
            lines.append("\(vertical) " + row.style(left + padding + right) + " \(vertical)")
        }
        lines.append(corners.2 + String(repeating: horizontal, count: width - 2) + corners.3)
        return lines
    }

    /// Splits `text` into lines of at most `width` characters, at spaces where it can.
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
            while current.count > width {
                lines.append(String(current.prefix(width)))
                current = String(current.dropFirst(width))
            }
        }
        lines.append(current)
        return lines
    }

    private static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        // No space before the ellipsis: "far too…", not "far too …".
        return String(text.prefix(width - 1).reversed().drop { $0 == " " }.reversed()) + "…"
    }
}
