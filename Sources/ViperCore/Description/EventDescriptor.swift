/// One event a scene accepts, with the members its `data` holds.
public struct EventDescriptor: Sendable, Equatable {
    /// The event's wire name (`saveTapped`).
    public let name: String
    /// The members of the event's `data` object.
    public let fields: [FieldDescriptor]
    /// Whether a newer one for the same scene cancels the earlier ones (search as you type).
    public let isSuperseding: Bool

    init(_ name: String, fields: [FieldDescriptor] = [], superseding: Bool = false) {
        self.name = name
        self.fields = fields
        self.isSuperseding = superseding
    }
}
