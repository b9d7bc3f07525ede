/// Entries of a journal sealed for a database transaction of the session's own
/// (`JournalWriter.receipt`): which journal, whose, the last entry's number, the sealed entries,
/// which only the journal's key opens, and when the receipt may be purged.
public struct JournalReceipt: Sendable, Equatable {
    /// The journal's own id in the database, which is not its key.
    public let journal: String
    /// The session that wrote it.
    public let owner: String
    /// The number of the last entry it holds.
    public let through: Int
    /// The entries and where the journal is cut, sealed.
    public let sealed: [UInt8]
    /// When it may be purged, in milliseconds since 1970: its journal has expired by then.
    public let expiresAt: Int64

    /// A receipt of `journal`, by `owner`, up to entry `through`.
    public init(journal: String, owner: String, through: Int, sealed: [UInt8], expiresAt: Int64) {
        self.journal = journal
        self.owner = owner
        self.through = through
        self.sealed = sealed
        self.expiresAt = expiresAt
    }
}
