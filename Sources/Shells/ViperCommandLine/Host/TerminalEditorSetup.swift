/// What a host's terminal line editor is given (`ViperHost.terminalEditor`).
public struct TerminalEditorSetup {
    /// The file that keeps the history across runs (`$XDG_STATE_HOME/NAME/history`); nil when
    /// there is no home to keep it in.
    public let historyFile: String?

    /// Whether a typed line may go to the history: not one that sends a password.
    public let remembers: (String) -> Bool

    /// What Tab offers after the line typed so far: commands, apps, scenes, events, fields.
    public let complete: (String) -> [String]

    /// What the values Tab offers after the line typed so far are, to show beside them: the
    /// title of the article an id names, say. Values without one are left out.
    public var describe: (String) -> [String: String] = { _ in [:] }
}
