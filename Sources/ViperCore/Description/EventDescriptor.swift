/// One event a scene accepts, with the members its `data` holds.
public struct EventDescriptor: Sendable, Equatable {
    /// The event's wire name (`saveTapped`).
    public let name: String
    /// The members of the event's `data` object.
    public let fields: [FieldDescriptor]

    init(_ name: String, fields: [FieldDescriptor] = []) {
        self.name = name
        self.fields = fields
    }
}
