/// The user events one scene accepts, decoded from `view.event` requests.
///
/// Events decode with Swift's synthesized `Decodable` for enums: `event` names the case and
/// `data` holds its labelled associated values, so `case titleChanged(title: String)` accepts
/// `{"event": "titleChanged", "data": {"title": "Buy milk"}}`. `descriptors` lists the same
/// events for error messages and for front ends that describe the scene.
public protocol SceneEvent: Decodable, Sendable {
    /// Every event of the scene, in the order front ends should offer them.
    static var descriptors: [EventDescriptor] { get }
}

/// One event a scene accepts, with the fields its `data` holds.
public struct EventDescriptor: Sendable, Equatable {
    /// The event's wire name (`saveTapped`).
    public let name: String
    /// The members of the event's `data` object.
    public let fields: [FieldDescriptor]

    /// Describes an event named `name` whose data holds `fields`.
    public init(_ name: String, fields: [FieldDescriptor] = []) {
        self.name = name
        self.fields = fields
    }
}

/// One member of an event's data or a view model.
public struct FieldDescriptor: Sendable, Equatable {
    /// The kinds of values members hold on the wire.
    public indirect enum ValueType: Sendable, Equatable {
        case string, bool, integer, number
        /// A calendar day, `YYYY-MM-DD`.
        case day
        /// An instant, ISO 8601 with offset.
        case instant
        /// An array whose elements are all of one type.
        case array(ValueType)
        /// An object with the given members.
        case object([FieldDescriptor])
    }

    /// The member's name.
    public let name: String
    /// What its value is.
    public let type: ValueType
    /// Whether `null` is accepted.
    public let isNullable: Bool

    /// Describes a member `name` of `type`, which may be `null` when `nullable`.
    public init(_ name: String, _ type: ValueType, nullable: Bool = false) {
        self.name = name
        self.type = type
        self.isNullable = nullable
    }
}
