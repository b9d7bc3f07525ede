import ViperJSON

/// A session's journal as the session writes it: its key and the session's claim on it, the
/// next entry's number, what the running request gathered for its entry, and the entries
/// waiting for the append in flight to end.
///
/// One append is in flight at a time, and it takes every entry that waits: while a database
/// round trip is under way, the requests that run meanwhile queue theirs, and the next append
/// writes them all in one transaction (a group commit of the session's own). The session holds
/// its output back until the entries it depends on are written (`SessionWriter.gate`), so a
/// client never sees the answer to a request its journal could lose.
struct SessionJournal {
    let journals: any SessionJournals
    /// The key `initialize` answers, which a client sends to resume.
    let key: String
    /// This session's claim: resuming elsewhere gives the journal another owner.
    let owner: String
    private(set) var nextSequence: Int
    /// Entries made while the running request ran, written with its own entry.
    private var gathered: [JournalRecord] = []
    /// Numbered entries waiting for the next append.
    private var waiting: [JournalEntry] = []
    /// Where the next append cuts the journal: the entries numbered below go.
    private var cut: Int?
    /// Whether an append is in flight.
    private(set) var isAppending = false
    /// False once an append was refused or failed: the session goes on, unjournaled.
    private(set) var isWriting = true

    init(journals: any SessionJournals, key: String, owner: String, nextSequence: Int) {
        self.journals = journals
        self.key = key
        self.owner = owner
        self.nextSequence = nextSequence
    }

    /// Whether nothing waits to be written and nothing is being written.
    var isSettled: Bool { !isAppending && waiting.isEmpty }

    /// Keeps `record` for the running request's entry.
    mutating func gather(_ record: JournalRecord) {
        gathered.append(record)
    }

    /// Takes what the running request gathered: it was cancelled, or its entry is being made.
    mutating func takeGathered() -> [JournalRecord] {
        defer { gathered.removeAll() }
        return gathered
    }

    /// Numbers `records` and queues them for the next append; with `cut`, the journal is cut
    /// before them. Returns the number of the last.
    mutating func enqueue(_ records: [JournalRecord], cut cutsBefore: Bool) -> Int {
        let first = nextSequence
        for (offset, record) in records.enumerated() {
            waiting.append(JournalEntry(sequence: first + offset, text: JSONWriter.string(record.json)))
        }
        nextSequence += records.count
        if cutsBefore {
            cut = first
            waiting.removeAll { $0.sequence < first }
        }
        return nextSequence - 1
    }

    /// The entries of the next append, taken, and where it cuts; nil while one is in flight,
    /// when none wait, or once writing stopped.
    mutating func startAppend() -> (entries: [JournalEntry], cut: Int?)? {
        guard isWriting, !isAppending, !waiting.isEmpty else { return nil }
        isAppending = true
        defer {
            waiting.removeAll()
            cut = nil
        }
        return (waiting, cut)
    }

    /// The append in flight ended.
    mutating func appendEnded() {
        isAppending = false
    }

    /// Stops writing: the journal is another session's now, or the database failed.
    mutating func stopWriting() {
        isWriting = false
        waiting.removeAll()
    }
}
