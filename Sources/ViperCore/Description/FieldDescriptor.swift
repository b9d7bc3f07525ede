/// One member of an event's data or a view model, as `engine.describe` tells front ends.
public struct FieldDescriptor: Sendable, Equatable {
    /// The kinds of values members hold on the wire.
    public indirect enum ValueType: Sendable, Equatable {
        case string, bool, integer, number
        /// A calendar day, `YYYY-MM-DD`.
        case day
        /// An instant, ISO 8601 with offset.
        case instant
        /// A string that must not be shown, logged or recorded, such as a password: a View
        /// masks its input, and recorders write a placeholder instead of the value.
        case secret
        /// An array whose elements are all of one type.
        case array(ValueType)
        /// An object with the given members.
        case object([FieldDescriptor])
    }

    /// The member's name.
    public let name: String
    /// What its value is.
    public let type: ValueType
    /// Whether `null` is accepted or shown.
    public let isNullable: Bool

    init(_ name: String, _ type: ValueType, nullable: Bool = false) {
        self.name = name
        self.type = type
        self.isNullable = nullable
    }
}
