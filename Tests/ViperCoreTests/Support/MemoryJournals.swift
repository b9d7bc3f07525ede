import Synchronization
import ViperCore

/// Session journals in memory, as `SessionJournals` promises them: the neighbour of the sessions
/// under test, which the CLI's own tests cover on SQLite and PostgreSQL. A key resumes once (a
/// take gives a new one); `expire` makes a journal expired; `failNextAppends` makes the next
/// appends fail as an unreachable database would; `refused` counts appends by a former owner.
final class MemoryJournals: SessionJournals {
    private struct Journal {
        var workspace: Workspace
        var owner: String
        var key: String
        var header: String
        var entries: [JournalEntry] = []
        var expired = false
        var tooLong = false
        var writers: [MemoryJournalWriter] = []
        var closedBy: Set<String> = []
    }

    private struct State {
        var journals: [String: Journal] = [:]
        /// Every key a journal had, current or former, to its id.
        var ids: [String: String] = [:]
        var refused = 0
        var failures = 0
        var nextNumber = 1
    }

    let limits: JournalLimits
    /// How long each write takes, as a database round trip would.
    let writeDelay: Duration
    private let state = Mutex(State())

    init(limits: JournalLimits = .standard, writeDelay: Duration = .zero) {
        self.limits = limits
        self.writeDelay = writeDelay
    }

    func open(workspace: Workspace, header: String) async throws -> OpenedJournal {
        state.withLock { state in
            let id = "journal\(state.nextNumber)", key = Self.key(state.nextNumber), owner = "owner\(state.nextNumber)"
            state.nextNumber += 1
            let writer = MemoryJournalWriter(journals: self, id: id, owner: owner)
            state.journals[id] = Journal(workspace: workspace, owner: owner, key: key, header: header, writers: [writer])
            state.ids[key] = id
            return OpenedJournal(key: key, writer: writer)
        }
    }

    func take(_ key: String, workspace: Workspace) async throws -> JournalTaking {
        let (taking, former) = state.withLock { state -> (JournalTaking, [MemoryJournalWriter]) in
            guard let id = state.ids[key], var journal = state.journals[id], journal.key == key else { return (.unknown, []) }
            guard journal.workspace == workspace else { return (.otherWorkspace(journal.workspace.name), []) }
            guard !journal.expired else { return (.expired, []) }
            guard !journal.tooLong else { return (.tooLong, []) }
            let newKey = Self.key(state.nextNumber), owner = "owner\(state.nextNumber)"
            state.nextNumber += 1
            let writer = MemoryJournalWriter(journals: self, id: id, owner: owner)
            let former = journal.writers
            journal.owner = owner
            journal.key = newKey
            journal.writers = [writer]
            state.journals[id] = journal
            state.ids[newKey] = id
            return (.taken(OpenedJournal(key: newKey, writer: writer), header: journal.header, entries: journal.entries), former)
        }
        for writer in former { writer.tookOver() }
        return taking
    }

    func append(_ entries: [JournalEntry], to id: String, owner: String, cut: Int?) throws -> Bool {
        try state.withLock { state in
            if state.failures > 0 {
                state.failures -= 1
                throw MemoryJournalsFailure()
            }
            guard var journal = state.journals[id], journal.owner == owner else {
                state.refused += 1
                return false
            }
            if let cut {
                journal.entries.removeAll { $0.sequence < cut }
                journal.tooLong = false
            }
            journal.entries += entries
            state.journals[id] = journal
            return true
        }
    }

    func markTooLong(_ id: String, owner: String) throws -> Bool {
        try state.withLock { state in
            if state.failures > 0 {
                state.failures -= 1
                throw MemoryJournalsFailure()
            }
            guard state.journals[id]?.owner == owner else { return false }
            state.journals[id]?.tooLong = true
            state.journals[id]?.entries = []
            return true
        }
    }

    func close(_ id: String, owner: String) {
        state.withLock { _ = $0.journals[id]?.closedBy.insert(owner) }
    }

    /// The entries of the journal that `key` named, now or before a resume.
    func entries(of key: String) -> [JournalEntry] {
        state.withLock { state in state.ids[key].flatMap { state.journals[$0]?.entries } ?? [] }
    }

    /// Whether the journal `key` named is marked too long to resume.
    func isTooLong(_ key: String) -> Bool {
        state.withLock { state in state.ids[key].flatMap { state.journals[$0]?.tooLong } ?? false }
    }

    /// How many sessions that held the journal `key` named have closed it.
    func closings(of key: String) -> Int {
        state.withLock { state in state.ids[key].flatMap { state.journals[$0]?.closedBy.count } ?? 0 }
    }

    /// Makes the journal `key` names expired.
    func expire(_ key: String) {
        state.withLock { state in
            guard let id = state.ids[key] else { return }
            state.journals[id]?.expired = true
        }
    }

    /// Makes the next `count` writes fail, as a database out of reach does.
    func failNextAppends(_ count: Int) {
        state.withLock { $0.failures = count }
    }

    /// How many appends were refused because another session had taken the journal over.
    var refused: Int { state.withLock { $0.refused } }

    private static func key(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "a", count: 32 - digits.count) + digits
    }
}
