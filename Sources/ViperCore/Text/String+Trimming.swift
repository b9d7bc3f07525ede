extension String {
    /// The text without the whitespace at either end, line breaks included: what a person typed,
    /// as a module checks or keeps it (`"  Buy milk \n"` becomes `"Buy milk"`). Whitespace inside
    /// the text stays; text that is only whitespace becomes empty.
    ///
    /// Whitespace is what Foundation's `CharacterSet.whitespacesAndNewlines` holds, scalar by
    /// scalar (`Unicode.Scalar.isWhitespaceOrNewline`): the tab, line feed, vertical tab, form
    /// feed and carriage return (U+0009…U+000D), the space (U+0020), next line (U+0085), the
    /// no-break spaces (U+00A0, U+202F), the Ogham space mark (U+1680), the typographic spaces
    /// U+2000…U+200A, the zero-width space (U+200B), the line and paragraph separators (U+2028,
    /// U+2029), the medium mathematical space (U+205F) and the ideographic space (U+3000).
    /// Format characters that look blank are kept: the zero-width joiners (U+200C, U+200D), the
    /// byte order mark (U+FEFF) and the Mongolian vowel separator (U+180E).
    ///
    /// Trimming is per Unicode scalar, as Foundation's is: a combining mark after a trimmed space
    /// stays. The result is that of `trimmingCharacters(in: .whitespacesAndNewlines)`, without its
    /// bridge through `NSString`, which cost 16,000 instructions per call, an eighth of each
    /// keystroke's work in the engine (BENCHMARKS.md).
    public var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespaceOrNewline }),
            let last = scalars.lastIndex(where: { !$0.isWhitespaceOrNewline })
        else { return "" }
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
