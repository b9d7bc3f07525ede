/// What a View calls a scene and its parts, in the app's own words: the title over the screen,
/// what to say when its lists are empty, and the labels of its events and members where their
/// wire names would read as the engine's words (`inputTextChanged` is a "Message" field to the
/// person typing). And what its parts mean to a View: which member names what is shown, which
/// is an error, where a piece of work stands, which event cancels.
///
/// `engine.describe` carries it (protocol 1.1), so that a front end that knows no app (the
/// browser page, an editor plug-in) can still speak the app's language and draw the scene as
/// the app means it.
public struct ScenePresentation: Sendable, Equatable {
    /// The screen's title ("Your places"); nil leaves it to the View.
    public var title: String?
    /// What the View says when the scene's lists are empty ("Nothing to do.").
    public var emptyText: String?
    /// Words for event names and the members of view models and event data, by wire name
    /// (`"saveTapped": "Save"`); names left out are the View's to word.
    public var labels: [String: String]
    /// What members of the view model mean to a View, by wire name, at any depth
    /// (`"errorMessage": .error`, `"isMine": .mine` for the items of a list).
    public var roles: [String: MemberRole]
    /// What events mean to a View, by wire name (`"cancelTapped": .cancel`).
    public var eventRoles: [String: EventRole]

    /// A presentation with the given words and roles; every one may be left out.
    public init(
        title: String? = nil, emptyText: String? = nil, labels: [String: String] = [:],
        roles: [String: MemberRole] = [:], eventRoles: [String: EventRole] = [:]
    ) {
        self.title = title
        self.emptyText = emptyText
        self.labels = labels
        self.roles = roles
        self.eventRoles = eventRoles
    }
}

extension ScenePresentation {
    /// Why the roles do not fit a scene with `events` and `viewModel`: a role for a name the
    /// scene does not have (a typo would leave its member drawn as anything else), an event role
    /// for a member or a member role for an event, or one name with both; empty when they fit.
    func roleMistakes(events: [EventDescriptor], viewModel: [FieldDescriptor]) -> [String] {
        var members = Set<String>()
        func collect(_ fields: [FieldDescriptor]) {
            for field in fields {
                members.insert(field.name)
                collect(field.type)
            }
        }
        func collect(_ type: FieldDescriptor.ValueType) {
            switch type {
            case .array(let element): collect(element)
            case .object(let fields): collect(fields)
            default: break
            }
        }
        collect(viewModel)
        let eventNames = Set(events.map(\.name))
        var mistakes: [String] = []
        for name in roles.keys.sorted() where !members.contains(name) {
            mistakes.append("the role of '\(name)' names no member of the view model")
        }
        for name in eventRoles.keys.sorted() where !eventNames.contains(name) {
            mistakes.append("the role of '\(name)' names no event")
        }
        for name in Set(roles.keys).intersection(eventRoles.keys).sorted() {
            mistakes.append("'\(name)' has a member role and an event role; the wire carries one role per name")
        }
        return mistakes
    }
}
