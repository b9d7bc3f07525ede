import Foundation

/// What `initialize` settled for a session: the protocol version it speaks, its calendar, whose
/// data its apps work on, the effects the client performs itself, and the methods that version
/// answers. Before `initialize`, the newest version's, with the standard calendar.
struct SessionTerms: Sendable {
    let version: ProtocolVersion
    let calendar: DayCalendar
    let workspace: Workspace
    /// The kinds of effects the client performs itself.
    let delegatedEffects: Set<String>
    /// The methods of `version`, by name.
    let methods: [String: MethodHandler]

    /// The terms of a session `initialize` has not reached yet.
    init(allowingFaults: Bool) {
        self.init(version: .newest, calendar: .standard, workspace: .default, delegatedEffects: [], allowingFaults: allowingFaults)
    }

    init(version: ProtocolVersion, calendar: DayCalendar, workspace: Workspace, delegatedEffects: Set<String>, allowingFaults: Bool) {
        self.version = version
        self.calendar = calendar
        self.workspace = workspace
        self.delegatedEffects = delegatedEffects
        self.methods = Session.methodTable(version: version, allowingFaults: allowingFaults)
    }
}
