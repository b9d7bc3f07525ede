/// What an app calls a scene and its parts, and what the parts mean to a View.
public struct ScenePresentation: Sendable {
    /// The screen's title, when the app gives one.
    public let title: String?
    /// What to say when its lists are empty, when the app says.
    public let emptyText: String?
    /// Words for its events and members, by wire name.
    public let labels: [String: String]
    /// What its members and events mean to a View, by wire name.
    public let roles: [String: String]
    /// The tone of each value of a member with the `state` role, by member.
    public let tones: [String: [String: String]]

    /// The words and roles an app gives a scene.
    public init(title: String?, emptyText: String?, labels: [String: String], roles: [String: String], tones: [String: [String: String]]) {
        self.title = title
        self.emptyText = emptyText
        self.labels = labels
        self.roles = roles
        self.tones = tones
    }
}
