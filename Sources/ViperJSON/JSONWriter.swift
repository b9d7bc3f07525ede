import Synchronization

/// Writes JSON the way the wire contract asks: object keys sorted by their UTF-8 bytes,
/// no insignificant whitespace, `/` left unescaped, integers without a fraction.
///
/// The same value always gives the same bytes, so identical input gives identical output.
package struct JSONWriter {
    /// Layouts of objects written lately by any writer of the process.
    ///
    /// A writer lives for one message, and a session's messages have a handful of shapes: a
    /// keystroke writes a view model, `view.render`'s params and envelope, and a response. Before
    /// this cache, every message sorted the keys of each of its objects again: 17,700 of the
    /// 109,000 instructions of a pipelined `titleChanged` (callgrind, BENCHMARKS.md).
    private static let recentLayouts = Mutex(RecentLayouts())

    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    /// How the last object was written, to write the next one with the same keys. A writer
    /// starts from one layout made once: making an empty layout for each writer sorted nothing
    /// at 870 instructions, twice per `view.event` (callgrind, BENCHMARKS.md).
    private var lastObject = ObjectLayout.none

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
        case .object(let members): write(object: Array(members)) { $0.write($1) }
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

    /// Writes a number exactly as `text` spells it; `text` must be a JSON number that the
    /// parser accepted.
    package mutating func write(numberText text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a string value.
    package mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Most strings need no escape: copy those whole instead of byte by byte.
            if Self.needsNoEscape(utf8) {
                bytes.append(contentsOf: utf8)
            } else {
                writeEscaping(utf8)
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
    package mutating func write<Members: RandomAccessCollection, Value>(
        object members: Members, _ writeValue: (inout JSONWriter, Value) -> Void
    ) where Members.Element == (key: String, value: Value) {
        if !lastObject.fits(members.lazy.map { $0.key }) {
            lastObject = Self.recentLayouts.withLock { $0.layout(forKeys: members.lazy.map { $0.key }) }
        }
        let layout = lastObject
        for (position, index) in layout.order.enumerated() {
            bytes.append(contentsOf: layout.prefixes[position])
            writeValue(&self, members[members.index(members.startIndex, offsetBy: index)].value)
        }
        bytes.append(contentsOf: layout.prefixes.isEmpty ? Self.emptyObject : Self.objectEnd)
    }

    private static let emptyObject = Array("{}".utf8)
    private static let objectEnd = Array("}".utf8)

    /// How to write an object with given keys: which members, in which order, each after which
    /// bytes (the brace or comma, then the quoted key and its colon).
    ///
    /// The elements of an array usually have the same keys in the same order (the 10,000 items
    /// of a list), so the layout found for one object is kept and reused for the next when its
    /// keys are the same. Writing each key again for each item was a seventh of encoding a list
    /// of 10,000 ToDos (BENCHMARKS.md).
    private struct ObjectLayout {
        let keys: [String]
        /// Positions of the members to write, sorted by key; of the members with the same key
        /// only the last one is written.
        let order: [Int]
        /// What comes before each written member's value: `{"key":` or `,"key":`.
        let prefixes: [[UInt8]]

        /// The layout of no object yet.
        static let none = ObjectLayout(keys: [])

        init(keys: [String]) {
            self.keys = keys
            // Sorting positions by key, then by position, puts the last member of each key at
            // the end of its run.
            let sorted = keys.indices.sorted { left, right in
                let order = JSONWriter.compareUTF8(keys[left], keys[right])
                return order != 0 ? order < 0 : left < right
            }
            order = sorted.indices.filter { $0 + 1 == sorted.count || keys[sorted[$0 + 1]] != keys[sorted[$0]] }.map { sorted[$0] }
            prefixes = order.enumerated().map { position, index in
                var writer = JSONWriter(reservingCapacity: keys[index].utf8.count + 4)
                writer.bytes.append(UInt8(ascii: position == 0 ? "{" : ","))
                writer.write(string: keys[index])
                writer.bytes.append(UInt8(ascii: ":"))
                return writer.bytes
            }
        }

        func fits(_ otherKeys: some Collection<String>) -> Bool {
            // A loop over indices: `elementsEqual` over the members' lazily mapped keys cost
            // 1,500 instructions more for each keystroke's three objects (BENCHMARKS.md).
            guard keys.count == otherKeys.count else { return false }
            var otherIndex = otherKeys.startIndex
            for key in keys {
                guard key == otherKeys[otherIndex] else { return false }
                otherKeys.formIndex(after: &otherIndex)
            }
            return true
        }
    }

    /// The last `capacity` layouts made, each found again by its keys. Bounded, because objects
    /// whose keys are data (a client's `JSONValue`) would otherwise add a layout each.
    private struct RecentLayouts {
        private static let capacity = 64
        private var layouts: [ObjectLayout] = []
        /// Where the next layout goes once the cache is full: the oldest one.
        private var nextSlot = 0

        mutating func layout(forKeys keys: some Collection<String>) -> ObjectLayout {
            // A search from the start finds the shapes of a session's first messages first; a
            // handful of shapes serve most messages, so the scan stays short.
            if let known = layouts.first(where: { $0.fits(keys) }) { return known }
            let made = ObjectLayout(keys: Array(keys))
            if layouts.count < Self.capacity {
                layouts.append(made)
            } else {
                layouts[nextSlot] = made
                nextSlot = (nextSlot + 1) % Self.capacity
            }
            return made
        }
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

    /// Whether `utf8` can be written as it is: no quote, backslash or control character. The
    /// lead bytes 0xC2 and 0xE2 send a string to the careful path, which escapes the C1 controls
    /// (U+0080…U+009F) and the line and paragraph separators (U+2028, U+2029) they start.
    ///
    /// A plain loop, not `contains(where:)`: the closure was not inlined, and this runs for
    /// every key and string written.
    private static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
            return false
        }
        return true
    }

    /// Writes `utf8`, escaping what protocol.md says is escaped: `"` and `\`, the C0 controls,
    /// DEL, the C1 controls, and U+2028 and U+2029, which JavaScript and some editors take for
    /// line breaks and would split a line on.
    private mutating func writeEscaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let next = index + 1 < utf8.count ? utf8[index + 1] : 0
            if byte == 0xC2, (0x80...0x9F).contains(next) {
                writeUnicodeEscape(UInt16(next))
                index += 2
            } else if byte == 0xE2, next == 0x80, index + 2 < utf8.count, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 {
                writeUnicodeEscape(0x2000 | UInt16(utf8[index + 2] - 0xA8 + 0x28))
                index += 3
            } else {
                write(escaping: byte)
                index += 1
            }
        }
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
        case 0..<0x20, 0x7F: writeUnicodeEscape(UInt16(byte))
        default: bytes.append(byte)
        }
    }

    /// `\u` and four lowercase hex digits.
    private mutating func writeUnicodeEscape(_ unit: UInt16) {
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int(unit >> UInt16(shift) & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
