/// What a member of a view model means to a View, beyond its type: whether to show it, where,
/// and how. A View that knows no app (the browser page) draws a scene from these alone, so an
/// app says them once, in its contract's `presentation`, and every View reads them from
/// `engine.describe`.
///
/// Roles are given by wire name and hold at any depth: a member of the items of a list is named
/// as the view model's own are. A member without a role is a value to show with its label.
public enum MemberRole: Sendable, Equatable {
    /// Names what is shown: the scene's title when the app gives none (a conversation is titled
    /// with the person's name), else a heading under it; the title of an item or of a group.
    case heading
    /// Says which thing is shown (an id, a kind), for the events that name it and for tests:
    /// kept, never shown. An item's first identifier is its key.
    case identifier
    /// Kept, never shown: something the screen says otherwise (a flag that the lists are empty,
    /// which their empty text says).
    case hidden
    /// A problem to show as a banner while it holds text (why loading failed).
    case error
    /// A flag that, while true, warns that what is shown may be old or wrong (offline, stale).
    case warning
    /// Where a piece of work stands, in words (`loading`, `failed`); `tones` says how each
    /// value reads. A value without a tone is shown as it is.
    case state(tones: [String: StateTone])
    /// A flag that is true while work is under way (a search running): the scene is busy.
    case busy
    /// Text to read on its own, as a paragraph or a line of an item, never as a labelled value.
    case longText
    /// A short note read beside its item without a label (the time a message was sent).
    case caption
    /// How many new things wait on an item (unread messages): a badge, nothing at zero.
    case count
    /// A flag of an item that is true when the item is the user's own (a message they wrote).
    case mine
    /// A flag of an item that is false when the item cannot be chosen now (a full flight).
    case available
    /// A list of problems with what was entered, not a list of things: no heading, no empty text.
    case problems

    /// What a role is, without a state's tones: its raw value is the role's name on the wire,
    /// written once here for the contracts, `engine.describe` and the schema.
    enum Name: String, CaseIterable {
        case heading, identifier, hidden, error, warning, state, busy, longText, caption, count, mine, available, problems
    }

    var name: Name {
        switch self {
        case .heading: .heading
        case .identifier: .identifier
        case .hidden: .hidden
        case .error: .error
        case .warning: .warning
        case .state: .state
        case .busy: .busy
        case .longText: .longText
        case .caption: .caption
        case .count: .count
        case .mine: .mine
        case .available: .available
        case .problems: .problems
        }
    }

    /// The role's name on the wire (`"longText"`); a state's tones travel beside it.
    var wireName: String { name.rawValue }

    /// Every member role's wire name, for the schema.
    static var wireNames: [String] { Name.allCases.map(\.rawValue) }
}
