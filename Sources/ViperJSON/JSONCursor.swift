#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the members of objects in one line's bytes without building them, for a reader that
/// knows the shape it expects and parses the line whole with `JSONParser` whenever the cursor
/// says no.
///
/// The cursor never throws: anything outside the plain shapes it reads (a key or string with an
/// escape, a missing comma, trailing bytes) is a refusal, and the whole parse that follows says
/// what, if anything, is wrong. Every keystroke of a View is such a line: building its envelope
/// and params as dictionaries, to read five strings out of them, was a quarter of reading it
/// (BENCHMARKS.md).
package struct JSONCursor: ~Copyable {
    /// What comes next inside an object.
    package enum Member {
        /// A member, its key as written between the quotes; the cursor stands at its value.
        case key(UnsafeBufferPointer<UInt8>)
        /// The object's closing brace, which the cursor has stepped over.
        case end
        /// Anything else: the line is not one the cursor reads.
        case refused
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Whether the object the cursor is in has shown no member yet, so that no comma comes first.
    private var atFirstMember = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Steps into the object that comes next.
    package mutating func enterObject() -> Bool {
        skipWhitespace()
        guard peek(UInt8(ascii: "{")), depth < JSONParser.maximumDepth else { return false }
        index += 1
        depth += 1
        atFirstMember = true
        return true
    }

    /// The next member of the object the cursor is in, or its end.
    package mutating func nextMember() -> Member {
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            atFirstMember = false
            return .end
        }
        if !atFirstMember {
            guard peek(UInt8(ascii: ",")) else { return .refused }
            index += 1
            skipWhitespace()
        }
        atFirstMember = false
        guard let key = plainString() else { return .refused }
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { return .refused }
        index += 1
        return .key(key)
    }

    /// The string value that comes next, its bytes between the quotes, when it has no escape.
    package mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard peek(UInt8(ascii: "\"")) else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<end])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// The integer that comes next, as written, when it is one a View numbers its requests with:
    /// an optional minus and at most 16 digits, no leading zero, followed by a comma, a brace or
    /// whitespace. Anything else is left where it is, for `value()`.
    package mutating func plainInteger() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        let start = index
        var end = start
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
        let firstDigit = end
        while end < bytes.count, end - firstDigit < 17, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        let digits = end - firstDigit
        guard digits > 0, digits <= 16, digits == 1 || bytes[firstDigit] != UInt8(ascii: "0"), end < bytes.count else { return nil }
        switch bytes[end] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            index = end
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        default:
            return nil
        }
    }

    /// The value that comes next, whatever it is, parsed whole, and its text as written.
    package mutating func value() -> (value: JSONValue, text: UnsafeBufferPointer<UInt8>)? {
        skipWhitespace()
        let start = index
        guard let (value, end) = try? JSONParser.parseValue(in: bytes, at: start, depth: depth) else { return nil }
        index = end
        return (value, UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// Whether `text` (a key or a plain string the cursor read) is `literal`: compared as bytes,
    /// since going through `String.UTF8View` cost as much as reading the whole line.
    package static func text(_ text: UnsafeBufferPointer<UInt8>, is literal: StaticString) -> Bool {
        text.count == literal.utf8CodeUnitCount
            && (text.isEmpty || memcmp(text.baseAddress!, literal.utf8Start, text.count) == 0)
    }

    /// Whether nothing but whitespace is left.
    package mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    private mutating func skipWhitespace() {
        index = JSONParser.endOfWhitespace(in: bytes, from: index)
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }
}
