/// Encodes `Encodable` types into a `JSONValue`.
///
/// Unlike Foundation's encoder, optional properties that are `nil` are written as `null`
/// instead of being left out: view models keep the same shape whatever their content, which
/// the ToDo contract relies on (`"dueDate": null`).
package enum JSONValueEncoder {
    package static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodingSlot(codingPath: [])
        try value.encode(to: ValueEncoder(slot: root))
        return root.value
    }
}

/// Where one encoded value lands. Containers write into slots; a slot resolves to a value once
/// encoding has finished, however deeply containers were nested in the meantime.
private final class EncodingSlot {
    enum Content {
        case value(JSONValue)
        case object([String: EncodingSlot])
        case array([EncodingSlot])
    }

    var content: Content = .value(.null)
    let codingPath: [any CodingKey]

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let elements): .array(elements.map(\.value))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func child(forKey key: String, path: [any CodingKey]) -> EncodingSlot {
        makeObject()
        guard case .object(var members) = content else { preconditionFailure() }
        if let existing = members[key] { return existing }
        let slot = EncodingSlot(codingPath: path)
        members[key] = slot
        content = .object(members)
        return slot
    }

    func appendChild() -> EncodingSlot {
        makeArray()
        guard case .array(var elements) = content else { preconditionFailure() }
        let slot = EncodingSlot(codingPath: codingPath + [WireCodingKey(intValue: elements.count)])
        elements.append(slot)
        content = .array(elements)
        return slot
    }

    var arrayCount: Int {
        if case .array(let elements) = content { elements.count } else { 0 }
    }
}

/// Encodes one primitive or nested value into `slot`.
private func encodeValue(_ value: some Encodable, into slot: EncodingSlot) throws {
    switch value {
    case let json as JSONValue: slot.content = .value(json)
    case let string as String: slot.content = .value(.string(string))
    case let flag as Bool: slot.content = .value(.bool(flag))
    case let number as Double: try slot.content = .value(finite(number, at: slot.codingPath))
    case let number as Float: try slot.content = .value(finite(Double(number), at: slot.codingPath))
    case let integer as any BinaryInteger: slot.content = .value(.number(Double(integer)))
    default: try value.encode(to: ValueEncoder(slot: slot))
    }
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

    private func child(_ key: any CodingKey) -> EncodingSlot {
        slot.child(forKey: key.stringValue, path: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: child(key))
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
        ValueEncoder(slot: child(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(slot: child(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(slot: child(WireCodingKey(stringValue: "super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(slot: child(key))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    var codingPath: [any CodingKey] { slot.codingPath }
    var count: Int { slot.arrayCount }

    mutating func encodeNil() throws { slot.appendChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: slot.appendChild())
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

    mutating func encodeNil() throws { slot.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: slot)
    }
}
