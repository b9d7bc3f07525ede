/// What asking for a journal gave.
public enum JournalTaking: Sendable, Equatable {
    /// The journal, now owned by the asker: the header `open` was given, and the entries.
    case taken(header: String, entries: [JournalEntry])
    /// No journal has that key (it never existed, or it expired long ago and was removed).
    case unknown
    /// The journal expired.
    case expired
    /// The journal belongs to the workspace named.
    case otherWorkspace(String)
}
