/// How long a journal may grow between two cuts (`app.start`): past either bound, the session
/// goes on but can no longer be resumed until its next `app.start` (`viper serve
/// --journal-max-entries`, `--journal-max-bytes`).
public struct JournalLimits: Sendable, Equatable {
    /// The most entries.
    public var maxEntries: Int
    /// The most bytes of entries, as the engine writes them before they are sealed.
    public var maxBytes: Int

    /// The defaults: 10,000 entries and 4 MiB, hundreds of times what a session that types a
    /// few forms needs, and little enough that resuming the longest costs tens of milliseconds.
    public static let standard = JournalLimits(maxEntries: 10_000, maxBytes: 4 << 20)

    /// Journals of at most `maxEntries` entries and `maxBytes` bytes.
    public init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }
}
