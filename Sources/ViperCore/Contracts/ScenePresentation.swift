/// What a View calls a scene and its parts, in the app's own words: the title over the screen,
/// what to say when its lists are empty, and the labels of its events and members where their
/// wire names would read as the engine's words (`inputTextChanged` is a "Message" field to the
/// person typing).
///
/// `engine.describe` carries it (protocol 1.1), so that a front end that knows no app (the
/// browser page, an editor plug-in) can still speak the app's language.
public struct ScenePresentation: Sendable, Equatable {
    /// The screen's title ("Your places"); nil leaves it to the View.
    public var title: String?
    /// What the View says when the scene's lists are empty ("Nothing to do.").
    public var emptyText: String?
    /// Words for event names and the members of view models and event data, by wire name
    /// (`"saveTapped": "Save"`); names left out are the View's to word.
    public var labels: [String: String]

    /// A presentation with the given words; every one may be left out.
    public init(title: String? = nil, emptyText: String? = nil, labels: [String: String] = [:]) {
        self.title = title
        self.emptyText = emptyText
        self.labels = labels
    }
}
