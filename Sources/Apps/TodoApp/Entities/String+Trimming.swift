extension String {
    /// The string without the whitespace and line breaks at either end: the title a ToDo keeps.
    ///
    /// The same as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, which cost
    /// 16,000 instructions per call (a bridge through `NSString`), an eighth of each keystroke's
    /// work in the engine (BENCHMARKS.md). Trimming is per Unicode scalar, as Foundation's is.
    var trimmingWhitespaceAndNewlines: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespaceOrNewline }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespaceOrNewline })!
        return self[first...last]
    }
}

extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespacesAndNewlines` holds this scalar: the tab and
    /// line breaks U+0009…U+000D, U+0085, the space separators, U+200B, and the line and paragraph
    /// separators. The list was read off Foundation by testing every scalar, and a test keeps it so.
    var isWhitespaceOrNewline: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
