/// A strict RFC 8259 parser over one line's bytes.
///
/// The caller validates UTF-8 first (the wire reports that as its own error), so the parser
/// only checks JSON's grammar. Duplicate object keys keep the last value, as JavaScript's
/// `JSON.parse` does.
package struct JSONParser: ~Copyable {
    /// How deep arrays and objects may nest; deeper input is a parse error, never a stack overflow.
    package static let maximumDepth = 512

    /// Why a document could not be parsed, and where.
    package struct Failure: Error, Equatable {
        /// Offset of the offending byte from the start of the line, counting from 0.
        package let offset: Int
        package let reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The top-level member whose number's text to keep (`id`), and that text once found.
    private let capturedKey: String?
    private var capturedNumberText: String?
    /// The members of the objects being parsed, innermost last. Each object's dictionary is made
    /// once, at its final size, from its run of this stack: growing a dictionary member by
    /// member rehashed its keys at every resize, a fifth of parsing a request (BENCHMARKS.md).
    private var pendingMembers: [(key: String, value: JSONValue)] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, capturing key: String?) {
        self.bytes = bytes
        self.capturedKey = key
    }

    private static let expectedMemberCount = 16

    /// Parses exactly one JSON value, allowing whitespace around it.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        try parse(bytes, keepingNumberTextOf: nil).value
    }

    /// Parses exactly one JSON value and, when it is an object whose member `key` is a number,
    /// also returns that number as it was spelled: JSON-RPC answers with the request's id
    /// unchanged, and a double cannot hold every integer a client may use (beyond ±2^53).
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, keepingNumberTextOf key: String?
    ) throws(Failure) -> (value: JSONValue, numberText: String?) {
        var parser = JSONParser(bytes, capturing: key)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.failure("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return (value, parser.capturedNumberText)
    }

    /// Parses the one value that starts at `offset` (after any whitespace), `depth` arrays and
    /// objects inside the document, and returns it with the offset just past it: for a reader
    /// that walks the document around it (`JSONCursor`). The nesting limit counts from the
    /// document's top, as it does in a whole parse.
    package static func parseValue(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, depth: Int
    ) throws(Failure) -> (value: JSONValue, end: Int) {
        var parser = JSONParser(bytes, capturing: nil)
        parser.index = offset
        parser.depth = depth
        parser.skipWhitespace()
        let value = try parser.parseValue()
        return (value, parser.index)
    }

    /// Parses a whole byte array; convenient in tests and tools.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { try parse($0) }
        } catch let failure as Failure {
            throw failure
        } catch {
            preconditionFailure("JSONParser throws only Failure")
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Room for a request's members (four, three of its params, those of its data) at the
        // first object: grown from empty, the stack was copied four times a line; made before
        // any object, it cost a scalar (a request's id) an allocation (BENCHMARKS.md).
        if pendingMembers.capacity == 0 { pendingMembers.reserveCapacity(Self.expectedMemberCount) }
        let firstMember = pendingMembers.count
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure("unexpected \(describeCurrent()), expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw failure("unexpected \(describeCurrent()), expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let valueStart = index
            let value = try parseValue()
            if depth == 1, case .number = value, key == capturedKey {
                // The last member with the key wins, as it does in the parsed object.
                capturedNumberText = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            }
            pendingMembers.append((key, value))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                var members = [String: JSONValue](minimumCapacity: pendingMembers.count - firstMember)
                // Later duplicates overwrite earlier ones: the last member with a name wins.
                for (key, value) in pendingMembers[firstMember...] { members[key] = value }
                pendingMembers.removeSubrange(firstMember...)
                return .object(members)
            } else {
                throw failure("unexpected \(describeCurrent()), expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("unexpected \(describeCurrent()), expected ',' or ']' in an array")
            }
        }
    }

    private mutating func enterContainer() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: - Strings

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character \(hex(byte)) must be escaped inside a string") }
            index += 1
        }
        var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &unescaped)
            case 0..<0x20:
                throw failure("control character \(hex(byte)) must be escaped inside a string")
            default:
                unescaped.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(Failure) {
        index += 1  // backslash
        guard index < bytes.count else { throw failure("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a high surrogate \\u\(String(scalar, radix: 16)) must be followed by a low one") }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("a high surrogate must be followed by a low one, found \\u\(String(low, radix: 16))")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("a low surrogate \\u\(String(scalar, radix: 16)) has no high surrogate before it")
            }
            output.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            index -= 1
            throw failure("invalid escape '\\\(describe(escape))' in a string")
        }
    }

    private mutating func parseHexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        var isInteger = true
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
            if peekDigit() { throw failure("numbers must not have leading zeros") }
        } else if peekDigit() {
            skipDigits()
        } else {
            throw failure("expected a digit in a number")
        }
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            index += 1
            guard peekDigit() else { throw failure("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard peekDigit() else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // Most numbers on the wire are small integers (ids, weekdays): read those without strtod.
        if isInteger && literal.count <= 16 {
            var magnitude: Int64 = 0
            var negative = false
            for byte in literal {
                if byte == UInt8(ascii: "-") { negative = true } else { magnitude = magnitude * 10 + Int64(byte - 48) }
            }
            return Double(negative ? -magnitude : magnitude)
        }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else {
            throw Failure(offset: start, reason: "number \(String(decoding: literal, as: UTF8.self)) is out of range")
        }
        return value
    }

    private func peekDigit() -> Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    private mutating func skipDigits() {
        while peekDigit() { index += 1 }
    }

    // MARK: - Helpers

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[index..<index + expected.count]).elementsEqual(expected)
        else { throw failure("unexpected \(describeCurrent()), expected a value") }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        index = Self.endOfWhitespace(in: bytes, from: index)
    }

    /// The offset of the first byte at or after `index` that is not JSON whitespace.
    static func endOfWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return index
            }
        }
        return index
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    private func describeCurrent() -> String {
        index < bytes.count ? "'\(describe(bytes[index]))'" : "end of input"
    }

    private func describe(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : hex(byte)
    }

    private func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
