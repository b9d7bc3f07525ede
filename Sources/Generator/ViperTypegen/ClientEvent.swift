/// An event a scene accepts, with its data.
package struct ClientEvent: Equatable, Sendable {
    /// The wire name (`titleChanged`).
    package let name: String
    /// The members of its data; none for an event without data.
    package let data: ClientRecord
    /// The app's word for it (`Save`), when it gives one.
    package let label: String?
    /// What it means to a View (`cancel`), when the app says.
    package let role: String?
    /// Whether a newer one for the same scene cancels the one still running (search as you type).
    package let isSuperseding: Bool

    /// Whether the event carries data.
    package var hasData: Bool { !data.fields.isEmpty }
}
