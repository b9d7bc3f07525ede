/// A type the wire carries as one JSON value with a meaning of its own, such as a calendar day
/// written as a string. Scene descriptions name it by `wireType` instead of by the JSON type
/// its decoder reads.
public protocol WireScalar: Decodable {
    /// How `engine.describe` names the type.
    static var wireType: FieldDescriptor.ValueType { get }
    /// Any valid value, which stands for the type while the engine learns a contract's shape.
    static var wireExample: Self { get }
}

extension CalendarDay: WireScalar {
    public static var wireType: FieldDescriptor.ValueType { .day }
    public static var wireExample: CalendarDay { CalendarDay(daysSinceEpoch: 0) }
}
