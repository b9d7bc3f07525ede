/// One entry of a session's journal: its number, which orders the journal, and its JSON.
public struct JournalEntry: Sendable, Equatable {
    /// Its number: entries are read back in the order of their numbers.
    public let sequence: Int
    /// The entry, as JSON the engine wrote and alone reads.
    public let text: String

    /// The entry numbered `sequence` holding `text`.
    public init(sequence: Int, text: String) {
        self.sequence = sequence
        self.text = text
    }
}
