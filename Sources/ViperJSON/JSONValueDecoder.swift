/// Decodes `Decodable` types from a parsed `JSONValue`.
///
/// Errors are `DecodingError`s whose coding path names the offending field; the wire layer turns
/// them into -32602 errors that quote that path. Type mismatches say what was found, so a client
/// reads "params.data.title must be a string, not a number" rather than a Swift type name.
package enum JSONValueDecoder {
    /// Decodes `type` from `value`; `codingPath` says where `value` sits in the enclosing message.
    package static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, codingPath: [any CodingKey] = []
    ) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }

    /// Decodes `type` from the object `{"<name>": payload}`, the shape synthesized enum decoding
    /// reads (the case's name, then its labelled values), without making that object: making,
    /// hashing and freeing a dictionary of one member for each event cost about 1,000
    /// instructions of 65,900 (BENCHMARKS.md). Decodes, and fails, exactly as `decode` would.
    package static func decode<T: Decodable>(
        _ type: T.Type, fromMember name: String, _ payload: JSONValue
    ) throws -> T {
        try T(from: ValueDecoder(value: .null, codingPath: [], onlyMember: (name, payload)))
    }
}

/// A key for positions and names that only exist at run time.
package struct WireCodingKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    /// When set, `value` stands for the object with this one member (`decode(_:fromMember:_:)`).
    var onlyMember: (name: String, value: JSONValue)? = nil
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let onlyMember {
            return KeyedDecodingContainer(KeyedContainer(members: .one(onlyMember.name, onlyMember.value), codingPath: codingPath))
        }
        guard case .object(let members) = value else {
            throw mismatch(expected: "an object", found: value, at: codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer(members: .many(members), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = whole else {
            throw mismatch(expected: "an array", found: whole, at: codingPath)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: whole, codingPath: codingPath)
    }

    /// The value itself, the object of one member made only for a type that asks for it whole.
    private var whole: JSONValue {
        onlyMember.map { .object([$0.name: $0.value]) } ?? value
    }
}

private func mismatch(expected: String, found: JSONValue, at path: [any CodingKey]) -> DecodingError {
    .typeMismatch(Any.self, .init(codingPath: path, debugDescription: "must be \(expected), not \(found.typeDescription)"))
}

/// Decodes the primitive types from one value; shared by all three container kinds.
///
/// Comparing metatypes is cheap; the casts of the `switch` below, the one to an existential
/// integer type above all, cost more than decoding the value (BENCHMARKS.md), so the types
/// requests use are tried first.
private func decodePrimitive<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> T {
    if T.self == String.self { return sameType(try decodeString(value, at: path()), as: T.self) }
    if T.self == JSONValue.self { return sameType(value, as: T.self) }
    if T.self == Bool.self { return sameType(try decodeBool(value, at: path()), as: T.self) }
    if T.self == Int.self { return sameType(try decodeInteger(Int.self, value, at: path()), as: T.self) }
    if T.self == Double.self { return sameType(try decodeDouble(value, at: path()), as: T.self) }
    switch type {
    case is Float.Type:
        return Float(try decodeDouble(value, at: path())) as! T
    case let integer as any FixedWidthInteger.Type:
        return try decodeInteger(integer, value, at: path()) as! T
    default:
        return try T(from: ValueDecoder(value: value, codingPath: path()))
    }
}

/// A string, which may not hold U+0000: no store keeps it alike (SQLite does, PostgreSQL refuses
/// it), and no front end shows it; refused here, it is refused alike everywhere, with its path.
private func decodeString(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> String {
    guard case .string(let string) = value else { throw mismatch(expected: "a string", found: value, at: path()) }
    // Over the contiguous UTF-8 a parsed string has: `utf8.contains` went byte by byte through
    // the view's index, 700 instructions for a short title (BENCHMARKS.md).
    guard !(string.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? string.utf8.contains(0)) else {
        throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "must not contain U+0000 (NUL)"))
    }
    return string
}

private func decodeBool(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    guard case .bool(let flag) = value else { throw mismatch(expected: "a boolean", found: value, at: path()) }
    return flag
}

private func decodeDouble(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Double {
    guard case .number(let number) = value else { throw mismatch(expected: "a number", found: value, at: path()) }
    return number
}

private func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, _ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Integer {
    guard case .number(let number) = value else { throw mismatch(expected: "an integer", found: value, at: path()) }
    guard let exact = Integer(exactlyDouble: number) else {
        throw DecodingError.dataCorrupted(
            .init(codingPath: path(), debugDescription: "must be an integer, not \(JSONWriter.string(value))"))
    }
    return exact
}

extension FixedWidthInteger {
    fileprivate init?(exactlyDouble number: Double) {
        self.init(exactly: number)
    }
}

/// An object's members: any number, or the one member of an object that was never made.
private enum Members {
    case many([String: JSONValue])
    case one(String, JSONValue)

    subscript(name: String) -> JSONValue? {
        switch self {
        case .many(let members): members[name]
        case .one(let onlyName, let value): onlyName == name ? value : nil
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: Members
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        // A loop, not `compactMap`: in this generic context that call runs the standard
        // library's unspecialized code, which cost 3,000 instructions per event (BENCHMARKS.md).
        var keys: [Key] = []
        switch members {
        case .one(let name, _):
            if let key = Key(stringValue: name) { keys.append(key) }
        case .many(let members):
            keys.reserveCapacity(members.count)
            for name in members.keys {
                if let key = Key(stringValue: name) { keys.append(key) }
            }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing field '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decodeString(value(for: key), at: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decodeBool(value(for: key), at: codingPath + [key])
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decodeInteger(Int.self, value(for: key), at: codingPath + [key])
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decodeDouble(value(for: key), at: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodePrimitive(type, from: value(for: key), at: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try decodePrimitive(type, from: value, at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [WireCodingKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [WireCodingKey(intValue: currentIndex)] }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: currentPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], currentPath)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decodePrimitive(type, from: value, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: String.Type) throws -> String {
        try decodeString(value, at: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodePrimitive(type, from: value, at: codingPath)
    }
}
