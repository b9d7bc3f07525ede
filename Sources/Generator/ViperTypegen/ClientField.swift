/// One member of a view model or of an event's data.
package struct ClientField: Equatable, Sendable {
    /// The wire name (`dueDate`).
    package let name: String
    package let type: ClientValueType
    /// Whether the member may be `null`.
    package let isNullable: Bool
    /// The app's word for it (`Due date`), when it gives one.
    package let label: String?
    /// What it means to a View (`error`, `identifier`), when the app says.
    package let role: String?
}
