/// Learns the shape of a `Decodable` type by letting the type decode itself from a decoder that
/// holds no data: each member the type asks for, with the type it asks for, is written down,
/// and the decoder hands back a stand-in value so that decoding goes on to the next member.
///
/// This is how scene contracts are declared once (`SceneEvent`, `SceneViewModel`): the shape
/// `engine.describe` reports comes from the very code that decodes the wire.
enum ShapeReader {
    /// A type that cannot be described: it decodes in a way the reader cannot follow.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The events of an event enum, one per key of its `CodingKeys`, each with its data members.
    static func events<Event: SceneEvent>(of type: Event.Type) throws -> [EventDescriptor] {
        try Event.CodingKeys.allCases.map { key in
            let shape = Shape()
            // Synthesized enum decoding reads the one key present, then the case's members
            // from a container nested under it.
            _ = try Event(from: ShapeDecoder(shape: shape, offeredKey: key))
            guard case .object(let members) = try shape.valueType(of: Event.self), members.count == 1,
                members[0].name == key.stringValue, case .object(let fields) = members[0].type
            else {
                throw Failure(description: "\(Event.self) does not decode its case '\(key.stringValue)' the way a synthesized Decodable enum does")
            }
            return EventDescriptor(key.stringValue, fields: fields)
        }
    }

    /// The members of a struct that decodes from a JSON object; none for one that reads
    /// nothing, as a struct without stored properties does.
    static func members<Value: Decodable>(of type: Value.Type) throws -> [FieldDescriptor] {
        let shape = Shape()
        _ = try Value(from: ShapeDecoder(shape: shape, offeredKey: nil))
        if case .unknown = shape.kind { return [] }
        guard case .object(let fields) = try shape.valueType(of: Value.self) else {
            throw Failure(description: "\(Value.self) does not decode from a JSON object")
        }
        return fields
    }

    /// What `type` is on the wire, whether it may be `null`, and a stand-in value of it.
    static func describe<Value: Decodable>(_ type: Value.Type) throws -> (type: FieldDescriptor.ValueType, nullable: Bool, example: Value) {
        if let primitive = primitive(type) { return (primitive.type, false, primitive.example) }
        if let scalar = type as? any WireScalar.Type { return (scalar.wireType, false, scalar.wireExample as! Value) }
        let shape = Shape()
        let example = try Value(from: ShapeDecoder(shape: shape, offeredKey: nil))
        return (try shape.valueType(of: Value.self), shape.isNullable, example)
    }

    private static func primitive<Value>(_ type: Value.Type) -> (type: FieldDescriptor.ValueType, example: Value)? {
        switch type {
        case is String.Type: (.string, "" as! Value)
        case is Bool.Type: (.bool, false as! Value)
        case is Int.Type: (.integer, 0 as! Value)
        case is Int64.Type: (.integer, Int64(0) as! Value)
        case is Int32.Type: (.integer, Int32(0) as! Value)
        case is UInt.Type: (.integer, UInt(0) as! Value)
        case is Double.Type: (.number, 0.0 as! Value)
        case is Float.Type: (.number, Float(0) as! Value)
        default: nil
        }
    }
}

/// What one value turned out to be, filled in as it decodes.
private final class Shape {
    enum Kind {
        case unknown
        /// Members in the order they were decoded; a nested container's members are read only
        /// after it was handed out, so it stays a shape until the end.
        case object([(name: String, member: Member)])
        case array(element: FieldDescriptor.ValueType?)
        case single(FieldDescriptor.ValueType)
    }

    enum Member {
        case field(FieldDescriptor)
        case nested(Shape)
    }

    var kind = Kind.unknown
    var isNullable = false

    func valueType(of type: Any.Type) throws -> FieldDescriptor.ValueType {
        switch kind {
        case .object(let members):
            return .object(try members.map { name, member in
                switch member {
                case .field(let field): field
                case .nested(let shape): FieldDescriptor(name, try shape.valueType(of: type))
                }
            })
        case .array(let element?): return .array(element)
        case .single(let type): return type
        case .unknown, .array(nil):
            throw ShapeReader.Failure(description: "\(type) reads nothing the reader can name")
        }
    }

    func add(_ name: String, _ member: Member) {
        if case .object(let members) = kind {
            kind = .object(members + [(name, member)])
        } else {
            kind = .object([(name, member)])
        }
    }
}

private struct ShapeDecoder: Decoder {
    let shape: Shape
    /// The key the top-level keyed container says it holds: an event enum's case.
    let offeredKey: (any CodingKey)?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .unknown = shape.kind { shape.kind = .object([]) }
        return KeyedDecodingContainer(ShapeKeyedContainer<Key>(shape: shape, offeredKey: offeredKey as? Key))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        shape.kind = .array(element: nil)
        return ShapeUnkeyedContainer(shape: shape)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ShapeSingleValueContainer(shape: shape)
    }
}

private struct ShapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let shape: Shape
    let offeredKey: Key?
    /// Keys asked about with `decodeNil`, which is how optional members are decoded.
    private let nilChecked = KeySet()
    var codingPath: [any CodingKey] { [] }

    init(shape: Shape, offeredKey: Key?) {
        self.shape = shape
        self.offeredKey = offeredKey
    }

    var allKeys: [Key] { offeredKey.map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        nilChecked.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let described = try ShapeReader.describe(type)
        let name = key.stringValue
        shape.add(name, .field(FieldDescriptor(name, described.type, nullable: described.nullable || nilChecked.contains(name))))
        return described.example
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type as Bool.Type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type as String.Type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type as Double.Type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type as Float.Type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type as Int.Type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type as Int8.Type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type as Int16.Type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type as Int32.Type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type as Int64.Type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type as UInt.Type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type as UInt8.Type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type as UInt16.Type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type as UInt32.Type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type as UInt64.Type, key) }

    /// The typed overloads above must exist; they all describe the member the generic way.
    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = Shape()
        nested.kind = .object([])
        shape.add(key.stringValue, .nested(nested))
        return KeyedDecodingContainer(ShapeKeyedContainer<NestedKey>(shape: nested, offeredKey: nil))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ShapeReader.Failure(description: "member '\(key.stringValue)' decodes through a nested unkeyed container, which the reader cannot follow")
    }

    func superDecoder() throws -> any Decoder {
        throw ShapeReader.Failure(description: "a type decodes through superDecoder(), which the reader cannot follow")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder()
    }
}

/// The names `decodeNil` was asked about; a class, since containers are values copied around.
private final class KeySet {
    private var names: Set<String> = []

    func insert(_ name: String) { names.insert(name) }
    func contains(_ name: String) -> Bool { names.contains(name) }
}

/// An array's container: it holds one element, whose type becomes the array's element type.
private struct ShapeUnkeyedContainer: UnkeyedDecodingContainer {
    let shape: Shape
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    private(set) var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(shape: Shape) {
        self.shape = shape
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let described = try ShapeReader.describe(type)
        shape.kind = .array(element: described.type)
        currentIndex += 1
        return described.example
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw ShapeReader.Failure(description: "an array decodes its elements through nested containers, which the reader cannot follow")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ShapeReader.Failure(description: "an array decodes its elements through nested containers, which the reader cannot follow")
    }

    mutating func superDecoder() throws -> any Decoder {
        throw ShapeReader.Failure(description: "an array decodes through superDecoder(), which the reader cannot follow")
    }
}

private struct ShapeSingleValueContainer: SingleValueDecodingContainer {
    let shape: Shape
    var codingPath: [any CodingKey] { [] }

    /// Asking whether the value is null is how `Nullable` and optionals decode.
    func decodeNil() -> Bool {
        shape.isNullable = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let described = try ShapeReader.describe(type)
        shape.kind = .single(described.type)
        shape.isNullable = shape.isNullable || described.nullable
        return described.example
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decode(type as Bool.Type, generic: ()) }
    func decode(_ type: String.Type) throws -> String { try decode(type as String.Type, generic: ()) }
    func decode(_ type: Double.Type) throws -> Double { try decode(type as Double.Type, generic: ()) }
    func decode(_ type: Float.Type) throws -> Float { try decode(type as Float.Type, generic: ()) }
    func decode(_ type: Int.Type) throws -> Int { try decode(type as Int.Type, generic: ()) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(type as Int8.Type, generic: ()) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(type as Int16.Type, generic: ()) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(type as Int32.Type, generic: ()) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(type as Int64.Type, generic: ()) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(type as UInt.Type, generic: ()) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type as UInt8.Type, generic: ()) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type as UInt16.Type, generic: ()) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type as UInt32.Type, generic: ()) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type as UInt64.Type, generic: ()) }

    private func decode<T: Decodable>(_ type: T.Type, generic: Void) throws -> T {
        try decode(type)
    }
}
