/// Splits a command line into words the way a shell does: spaces separate words, quotes
/// (`"…"` or `'…'`) keep spaces inside a word, a backslash escapes the next character in double
/// quotes or outside quotes, and quotes may start mid-word (`title="Buy milk"`).
enum Tokenizer {
    struct UnclosedQuote: Error, Equatable {
        let quote: Character
    }

    static func words(_ line: some StringProtocol) throws(UnclosedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in line {
            if escaping {
                current.append(character)
                escaping = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaping = true
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw UnclosedQuote(quote: quote) }
        if inWord { words.append(current) }
        return words
    }
}
