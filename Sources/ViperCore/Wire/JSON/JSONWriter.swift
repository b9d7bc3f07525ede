/// Writes JSON the way the wire contract asks: object keys sorted by their UTF-8 bytes,
/// no insignificant whitespace, `/` left unescaped, integers without a fraction.
///
/// The same value always gives the same bytes, so identical input gives identical output.
package struct JSONWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    /// The keys of the last object written that had to be sorted, and their writing order.
    private var lastObjectKeys: [String] = []
    private var lastObjectOrder: [Int] = []

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
        case .array(let elements): write(array: elements) { $0.write($1) }
        case .object(let members): write(object: members) { $0.write($1) }
        }
    }

    /// Splices a value that is already written.
    package mutating func write(_ raw: RawJSON) {
        bytes.append(contentsOf: raw.bytes)
    }

    /// Writes text that is already JSON, such as the fixed parts of a message envelope.
    package mutating func write(raw text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a string value.
    package mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Most strings need no escape: copy those whole instead of byte by byte.
            if !utf8.contains(where: Self.needsEscape) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { write(escaping: byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an array whose elements `writeElement` writes.
    package mutating func write<Element>(array elements: some Collection<Element>, _ writeElement: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeElement(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an object, its members sorted by key, each value written by `writeValue`. When a
    /// key comes more than once, the last member with it wins, as in a dictionary.
    package mutating func write<Value>(object members: some Collection<(key: String, value: Value)>, _ writeValue: (inout JSONWriter, Value) -> Void) {
        let members = Array(members)
        let order = writingOrder(of: members.map(\.key))
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (position, index) in order.enumerated() {
            let member = members[index]
            if position + 1 < order.count && members[order[position + 1]].key == member.key { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(string: member.key)
            bytes.append(UInt8(ascii: ":"))
            writeValue(&self, member.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The positions of `keys` sorted by key, then by position, which puts the last member of
    /// each key at the end of its run. Sorting positions, not keys, spares hashing every key
    /// again to find its value.
    ///
    /// The elements of an array usually have the same keys in the same order (the 10,000 items
    /// of a list), so the order found for one object is kept and reused for the next when its
    /// keys are the same: sorting was a third of writing a long list (BENCHMARKS.md).
    private mutating func writingOrder(of keys: [String]) -> [Int] {
        if keys == lastObjectKeys { return lastObjectOrder }
        let order = keys.indices.sorted { left, right in
            let order = Self.compareUTF8(keys[left], keys[right])
            return order != 0 ? order < 0 : left < right
        }
        lastObjectKeys = keys
        lastObjectOrder = order
        return order
    }

    /// Key order of written objects: by UTF-8 bytes, which is Unicode code point order and does
    /// not depend on the locale.
    package static func utf8Order(_ left: String, _ right: String) -> Bool {
        compareUTF8(left, right) < 0
    }

    /// Negative, zero or positive as `left` sorts before, with or after `right` by UTF-8 bytes.
    private static func compareUTF8(_ left: String, _ right: String) -> Int {
        // Comparing the contiguous UTF-8 of native strings directly is several times faster than
        // the generic `lexicographicallyPrecedes` over their views, and keys are sorted for every
        // object written.
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                for index in 0..<min(leftBytes.count, rightBytes.count) where leftBytes[index] != rightBytes[index] {
                    return leftBytes[index] < rightBytes[index] ? -1 : 1
                }
                return leftBytes.count - rightBytes.count
            }
        }
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

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func write(escaping byte: UInt8) {
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

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
