import ViperJSON

/// A session's journal as the session writes it: its key and the session's claim on it, the
/// next entry's number, what the running request gathered for its entry, and the appends in
/// flight, which reach the database in the order they were made.
struct SessionJournal {
    let journals: any SessionJournals
    /// The key `initialize` answers, which a client sends to resume.
    let key: String
    /// This session's claim: resuming elsewhere gives the journal another owner.
    let owner: String
    private(set) var nextSequence: Int
    /// Entries made while the running request ran, written with its own entry.
    private var gathered: [JournalRecord] = []
    /// The last append: each waits for the one before it.
    private var tail: Task<Void, Never>?
    /// False once an append was refused or failed: the session goes on, unjournaled.
    private(set) var isWriting = true

    init(journals: any SessionJournals, key: String, owner: String, nextSequence: Int) {
        self.journals = journals
        self.key = key
        self.owner = owner
        self.nextSequence = nextSequence
    }

    /// Keeps `record` for the running request's entry.
    mutating func gather(_ record: JournalRecord) {
        gathered.append(record)
    }

    /// Takes what the running request gathered: it was cancelled, or its entry is being made.
    mutating func takeGathered() -> [JournalRecord] {
        defer { gathered.removeAll() }
        return gathered
    }

    /// Numbers `records` and starts appending them after the appends before; `cut` first removes
    /// every entry before them. The task ends once they are written, or refused.
    mutating func append(_ records: [JournalRecord], cut: Bool, onRefusal: @escaping @Sendable (String) async -> Void) -> Task<Void, Never>? {
        guard isWriting, !records.isEmpty else { return nil }
        let first = nextSequence
        let entries = records.enumerated().map { JournalEntry(sequence: first + $0.offset, text: JSONWriter.string($0.element.json)) }
        nextSequence += records.count
        let previous = tail
        let (journals, key, owner) = (journals, key, owner)
        let task = Task {
            await previous?.value
            do {
                if try await !journals.append(entries, to: key, owner: owner, cuttingBefore: cut ? first : nil) {
                    await onRefusal("another session resumed this journal")
                }
            } catch {
                await onRefusal("the journal could not be written: \(error)")
            }
        }
        tail = task
        return task
    }

    /// Stops writing: the journal is another session's now, or the database failed.
    mutating func stopWriting() {
        isWriting = false
    }
}
