/// A scene kind: its view model, its events, and the app's words for it.
package struct ClientScene: Equatable, Sendable {
    /// The kind (`todo.add`).
    package let kind: String
    /// The stem of its types' names (`TodoAdd`).
    package let typeName: String
    /// The screen's title (`New ToDo`), when the app gives one.
    package let title: String?
    /// What to say when its lists are empty, when the app says.
    package let emptyText: String?
    /// Words for its events and members, by wire name.
    package let labels: [String: String]
    /// What its members and events mean to a View, by wire name.
    package let roles: [String: String]
    /// The tone of each value of a member with the `state` role, by member.
    package let tones: [String: [String: String]]
    package let viewModel: ClientRecord
    package let events: [ClientEvent]
}
