/// Writes JSON the way the wire contract asks: object keys sorted by their UTF-8 bytes,
/// no insignificant whitespace, `/` left unescaped, integers without a fraction.
///
/// The same value always gives the same bytes, so identical input gives identical output.
package struct JSONWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    package init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// One value as a line of wire output, without the newline.
    package static func encode(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    /// One value as a string, for messages and tests.
    package static func string(_ value: JSONValue) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): write(number: number)
        case .string(let string): write(string: string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, key) in members.keys.sorted(by: Self.utf8Order).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key)
                bytes.append(UInt8(ascii: ":"))
                write(members[key]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Key order of written objects: by UTF-8 bytes, which is Unicode code point order and does
    /// not depend on the locale.
    package static func utf8Order(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    private mutating func write(number: Double) {
        // Integers print without ".0" so ids and counts read as the client wrote them. Every
        // integral double below 2^63 converts to Int64 exactly.
        if number.rounded(.towardZero) == number, abs(number) < 9.2e18 {
            append(String(Int64(number)))
        } else {
            append(number.description)
        }
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
