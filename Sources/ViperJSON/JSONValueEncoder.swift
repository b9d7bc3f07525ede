/// Encodes `Encodable` types into a `JSONValue`.
///
/// Unlike Foundation's encoder, optional properties that are `nil` are written as `null`
/// instead of being left out: view models keep the same shape whatever their content, which
/// the ToDo contract relies on (`"dueDate": null`).
package enum JSONValueEncoder {
    package static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if T.self == JSONValue.self { return sameType(value, as: JSONValue.self) }
        return try slot(encoding: value).value
    }

    /// Encodes `value` and writes it, without building a `JSONValue` on the way: what the
    /// engine does with every line it sends.
    package static func write<T: Encodable>(_ value: T, to writer: inout JSONWriter) throws {
        if T.self == JSONValue.self { return writer.write(sameType(value, as: JSONValue.self)) }
        try slot(encoding: value).write(to: &writer)
    }

    private static func slot<T: Encodable>(encoding value: T) throws -> EncodingSlot {
        let root = EncodingSlot(parent: nil, position: .root)
        if let entry = try primitive(value, at: []) {
            root.set(entry)
        } else {
            try value.encode(to: ValueEncoder(slot: root))
        }
        return root
    }
}

/// Where one encoded value lands. Containers write into slots; a slot resolves to a value once
/// encoding has finished, however deeply containers were nested in the meantime.
///
/// Every view model passes through here on each render, so the slot avoids work the profile
/// showed (BENCHMARKS.md): members are appended to a list mutated in place (inserting into a
/// dictionary, and resizing it, cost more than the rest of encoding; the writer sorts them and
/// lets the last value set for a key win, as a dictionary would), primitive members are stored
/// as values without a slot of their own, and the coding path is rebuilt from the parents only
/// when an error asks for it.
private final class EncodingSlot {
    private enum Shape {
        case single, object, array
    }

    /// A member or element: a finished value, one already written, or a slot that nested
    /// containers still fill.
    enum Entry {
        case value(JSONValue)
        case raw(RawJSON)
        case slot(EncodingSlot)

        var value: JSONValue {
            switch self {
            case .value(let value): value
            case .raw(let raw): raw.value
            case .slot(let slot): slot.value
            }
        }

        func write(to writer: inout JSONWriter) {
            switch self {
            case .value(let value): writer.write(value)
            case .raw(let raw): writer.write(raw)
            case .slot(let slot): slot.write(to: &writer)
            }
        }
    }

    // Unchecked: a slot is filled by the containers of one `encode` call, one after the other,
    // and never touched by two at once; the checks each member's append paid for were 280 of a
    // keystroke's render, about 3 % of encoding its view model (callgrind).
    @exclusivity(unchecked) private var shape = Shape.single
    @exclusivity(unchecked) private var single = Entry.value(.null)
    @exclusivity(unchecked) private var members: [(key: String, value: Entry)] = []
    @exclusivity(unchecked) private var elements: [Entry] = []
    /// Weak: the parent holds its children, and a strong reference back would leak every tree.
    private weak let parent: EncodingSlot?
    private let position: Position

    /// Where a slot sits in its parent. An element keeps its index, not a coding key: making the
    /// key formats the index as a string, needed only if an error asks for the path.
    enum Position {
        case root
        case member(any CodingKey)
        case element(Int)
    }

    init(parent: EncodingSlot?, position: Position) {
        self.parent = parent
        self.position = position
    }

    var codingPath: [any CodingKey] {
        guard let parent else { return [] }
        switch position {
        case .root: return []
        case .member(let key): return parent.codingPath + [key]
        case .element(let index): return parent.codingPath + [WireCodingKey(intValue: index)]
        }
    }

    var value: JSONValue {
        switch shape {
        case .single: single.value
        case .object: .object(Dictionary(members.lazy.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        case .array: .array(elements.map(\.value))
        }
    }

    func write(to writer: inout JSONWriter) {
        switch shape {
        case .single: single.write(to: &writer)
        case .object: writer.write(object: members) { $1.write(to: &$0) }
        case .array: writer.write(array: elements) { $1.write(to: &$0) }
        }
    }

    var arrayCount: Int { elements.count }

    func set(_ entry: Entry) {
        shape = .single
        single = entry
    }

    func makeObject() {
        if shape != .object {
            shape = .object
            // Room for a typical view model's members, so appending them allocates once.
            members = []
            members.reserveCapacity(8)
        }
    }

    func makeArray() {
        if shape != .array {
            shape = .array
            elements = []
        }
    }

    func set(_ entry: Entry, forKey key: String) {
        makeObject()
        members.append((key, entry))
    }

    /// A slot for member `key`, for a value that encodes through containers. Like any member
    /// set again, it replaces what the key held.
    func child(forKey key: any CodingKey) -> EncodingSlot {
        makeObject()
        let slot = EncodingSlot(parent: self, position: .member(key))
        members.append((key.stringValue, .slot(slot)))
        return slot
    }

    func append(_ entry: Entry) {
        makeArray()
        elements.append(entry)
    }

    func appendChild() -> EncodingSlot {
        makeArray()
        let slot = EncodingSlot(parent: self, position: .element(elements.count))
        elements.append(.slot(slot))
        return slot
    }
}

/// The entry of a primitive or of JSON already made, or nil for a value that encodes itself
/// through containers.
///
/// The synthesized code of view models calls the containers' typed overloads, which never get
/// here; this serves generic callers such as `Array.encode(to:)`. It only compares metatypes:
/// a cast to `any BinaryInteger` here searched the conformance tables for every struct in an
/// array, a sixth of rendering a long list (BENCHMARKS.md).
private func primitive<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> EncodingSlot.Entry? {
    if T.self == String.self { return .value(.string(sameType(value, as: String.self))) }
    if T.self == Bool.self { return .value(.bool(sameType(value, as: Bool.self))) }
    if T.self == Int.self { return .value(.number(Double(sameType(value, as: Int.self)))) }
    if T.self == Double.self { return .value(try finite(sameType(value, as: Double.self), at: path())) }
    if T.self == RawJSON.self { return .raw(sameType(value, as: RawJSON.self)) }
    // Lists of strings are common in view models (a form's problems, an alert's actions);
    // written at once, they need no slot and none of `Array.encode(to:)`'s generic steps.
    if T.self == [String].self { return .raw(RawJSON(strings: sameType(value, as: [String].self))) }
    if T.self == JSONValue.self { return .value(sameType(value, as: JSONValue.self)) }
    if T.self == Float.self { return .value(try finite(Double(sameType(value, as: Float.self)), at: path())) }
    if T.self == Int64.self { return .value(.number(Double(sameType(value, as: Int64.self)))) }
    if T.self == Int32.self { return .value(.number(Double(sameType(value, as: Int32.self)))) }
    if T.self == Int16.self { return .value(.number(Double(sameType(value, as: Int16.self)))) }
    if T.self == Int8.self { return .value(.number(Double(sameType(value, as: Int8.self)))) }
    if T.self == UInt.self { return .value(.number(Double(sameType(value, as: UInt.self)))) }
    if T.self == UInt64.self { return .value(.number(Double(sameType(value, as: UInt64.self)))) }
    if T.self == UInt32.self { return .value(.number(Double(sameType(value, as: UInt32.self)))) }
    if T.self == UInt16.self { return .value(.number(Double(sameType(value, as: UInt16.self)))) }
    if T.self == UInt8.self { return .value(.number(Double(sameType(value, as: UInt8.self)))) }
    return nil
}

private func finite(_ number: Double, at path: [any CodingKey]) throws -> JSONValue {
    guard number.isFinite else {
        throw EncodingError.invalidValue(number, .init(codingPath: path, debugDescription: "JSON has no \(number)"))
    }
    return .number(number)
}

private struct ValueEncoder: Encoder {
    let slot: EncodingSlot
    var codingPath: [any CodingKey] { slot.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedContainer(slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedContainer(slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(slot: slot)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    mutating func encodeNil(forKey key: Key) throws { slot.set(.value(.null), forKey: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot.set(.value(.string(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.set(.value(.bool(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.set(.value(.number(Double(value))), forKey: key.stringValue) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.set(.value(try finite(value, at: codingPath + [key])), forKey: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let entry = try primitive(value, at: codingPath + [key]) {
            slot.set(entry, forKey: key.stringValue)
        } else {
            try value.encode(to: ValueEncoder(slot: slot.child(forKey: key)))
        }
    }

    // `nil` is written as `null`, so every view model has the same keys whatever it holds.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(slot: slot.child(forKey: key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(slot: slot.child(forKey: key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(slot: slot.child(forKey: WireCodingKey(stringValue: "super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(slot: slot.child(forKey: key))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    var codingPath: [any CodingKey] { slot.codingPath }
    var count: Int { slot.arrayCount }

    mutating func encodeNil() throws { slot.append(.value(.null)) }
    mutating func encode(_ value: String) throws { slot.append(.value(.string(value))) }
    mutating func encode(_ value: Bool) throws { slot.append(.value(.bool(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let entry = try primitive(value, at: codingPath + [WireCodingKey(intValue: count)]) {
            slot.append(entry)
        } else {
            try value.encode(to: ValueEncoder(slot: slot.appendChild()))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(slot: slot.appendChild()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder(slot: slot.appendChild()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(slot: slot.appendChild())
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    var codingPath: [any CodingKey] { slot.codingPath }

    mutating func encodeNil() throws { slot.set(.value(.null)) }
    mutating func encode(_ value: String) throws { slot.set(.value(.string(value))) }
    mutating func encode(_ value: Bool) throws { slot.set(.value(.bool(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let entry = try primitive(value, at: codingPath) {
            slot.set(entry)
        } else {
            try value.encode(to: ValueEncoder(slot: slot))
        }
    }
}
