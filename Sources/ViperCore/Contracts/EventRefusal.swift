/// Why a scene refuses an event's data (`EventHandler.refusal(of:)`): the field, and what is
/// wrong with its value, as the -32602 error's message says it.
public struct EventRefusal: Sendable, Equatable {
    /// The member of the event's `data` that is wrong (`id`).
    public let field: String
    /// What is wrong, to follow the field's path: "is not an article of the list: 'x'".
    public let reason: String

    /// A refusal of `field` for `reason`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }
}
