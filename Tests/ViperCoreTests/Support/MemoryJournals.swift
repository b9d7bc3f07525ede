import Synchronization
import ViperCore

/// Session journals in memory, as `SessionJournals` promises them: the neighbour of the sessions
/// under test, which the CLI's own tests cover on SQLite and PostgreSQL. `expire` makes a
/// journal expired; `appends` counts the appends a session made.
final class MemoryJournals: SessionJournals {
    private struct Journal {
        var workspace: Workspace
        var owner: String
        var header: String
        var entries: [JournalEntry] = []
        var expired = false
    }

    private let journals = Mutex<[String: Journal]>([:])
    private let refusedAppends = Mutex(0)

    func open(key: String, owner: String, workspace: Workspace, header: String) async throws {
        journals.withLock { $0[key] = Journal(workspace: workspace, owner: owner, header: header) }
    }

    func append(_ entries: [JournalEntry], to key: String, owner: String, cuttingBefore cut: Int?) async throws -> Bool {
        let appended = journals.withLock { journals -> Bool in
            guard var journal = journals[key], journal.owner == owner else { return false }
            if let cut { journal.entries.removeAll { $0.sequence < cut } }
            journal.entries += entries
            journals[key] = journal
            return true
        }
        if !appended { refusedAppends.withLock { $0 += 1 } }
        return appended
    }

    func take(_ key: String, owner: String, workspace: Workspace) async throws -> JournalTaking {
        journals.withLock { journals in
            guard var journal = journals[key] else { return .unknown }
            guard journal.workspace == workspace else { return .otherWorkspace(journal.workspace.name) }
            guard !journal.expired else { return .expired }
            journal.owner = owner
            journals[key] = journal
            return .taken(header: journal.header, entries: journal.entries)
        }
    }

    /// The entries of the journal `key`, as written.
    func entries(of key: String) -> [JournalEntry] {
        journals.withLock { $0[key]?.entries ?? [] }
    }

    /// Makes the journal `key` expired.
    func expire(_ key: String) {
        journals.withLock { $0[key]?.expired = true }
    }

    /// How many appends were refused because another session had taken the journal over.
    var refused: Int { refusedAppends.withLock { $0 } }
}
