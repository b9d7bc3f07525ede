/// What asking for a journal gave.
public enum JournalTaking: Sendable {
    /// The journal, now the asker's: its new key and writer, the header `open` was given, and
    /// the entries.
    case taken(OpenedJournal, header: String, entries: [JournalEntry])
    /// No journal has that key (it never existed, was resumed already, expired long ago and
    /// was removed, or was made by a server with another token).
    case unknown
    /// The journal expired.
    case expired
    /// The journal grew past its limits, and has not been cut since.
    case tooLong
    /// The journal belongs to the workspace named.
    case otherWorkspace(String)
}
