import Foundation
import Synchronization
import ViperCore
import ViperStore

/// Session journals in a database every process of a deployment shares (the default
/// workspace's: PostgreSQL with `--database`, the SQLite file with `--db`): a journal's header
/// in `viper_journals`, its entries in `viper_journal_entries`.
///
/// A journal expires `lifetime` after its last entry. Expired journals lose their entries at
/// the next purge, which a new journal starts at most once a minute; their headers stay a day
/// longer, so that a client coming back late hears "expired" rather than "unknown".
final class StoreSessionJournals: SessionJournals {
    static let migrations = [
        StoreMigration("viper v1: session journals") { dialect in
            [
                """
                CREATE TABLE viper_journals (
                    resume_key TEXT PRIMARY KEY,
                    workspace TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    header TEXT NOT NULL,
                    expires_at \(dialect.integer) NOT NULL
                )
                """,
                """
                CREATE TABLE viper_journal_entries (
                    resume_key TEXT NOT NULL,
                    seq \(dialect.integer) NOT NULL,
                    entry TEXT NOT NULL,
                    PRIMARY KEY (resume_key, seq)
                )
                """,
                "CREATE INDEX viper_journals_expiry ON viper_journals (expires_at)",
            ]
        }
    ]

    private let database: any StoreBackend
    private let store: Store
    private let lifetime: Duration
    private let now: @Sendable () -> Date
    private let lastPurge = Mutex<Date?>(nil)

    /// Journals in `database`, each kept `lifetime` after its last entry.
    init(database: any StoreBackend, lifetime: Duration, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        store = Store(database)
        self.lifetime = lifetime
        self.now = now
    }

    func open(key: String, owner: String, workspace: Workspace, header: String) async throws {
        try await purgeIfDue()
        try await store.write { db in
            try await db.execute(
                "INSERT INTO viper_journals (resume_key, workspace, owner, header, expires_at) VALUES (?, ?, ?, ?, ?)",
                key, workspace.name, owner, header, expiry())
        }
    }

    func append(_ entries: [JournalEntry], to key: String, owner: String, cuttingBefore cut: Int?) async throws -> Bool {
        guard !entries.isEmpty else { return true }
        if database.dialect == .postgresql { return try await appendInOneStatement(entries, to: key, owner: owner, cuttingBefore: cut) }
        let values = Array(repeating: "(?, ?, ?)", count: entries.count).joined(separator: ", ")
        let arguments = entries.flatMap { [StoreValue.text(key), .integer(Int64($0.sequence)), .text($0.text)] }
        return try await store.write { db in
            // The claim and the expiry in one statement: a journal another session resumed
            // takes no more entries from this one.
            guard try await db.row("UPDATE viper_journals SET expires_at = ? WHERE resume_key = ? AND owner = ? RETURNING resume_key", expiry(), key, owner) != nil
            else { return false }
            if let cut { try await db.execute("DELETE FROM viper_journal_entries WHERE resume_key = ? AND seq < ?", key, cut) }
            try await db.execute("INSERT INTO viper_journal_entries (resume_key, seq, entry) VALUES \(values)", arguments)
            return true
        }
    }

    /// An append on PostgreSQL, in one statement and so one round trip: a session waits for each
    /// of its appends before it answers, so they are on its latency's path. Its commit does not
    /// wait for the server's disk (`synchronous_commit` off for it alone): a viper process that
    /// dies loses nothing the server acknowledged, and only the server's own crash could lose the
    /// last moment of journals (never the apps' data), bringing a session back as it was a
    /// moment earlier.
    private func appendInOneStatement(_ entries: [JournalEntry], to key: String, owner: String, cuttingBefore cut: Int?) async throws -> Bool {
        let values = Array(repeating: "(CAST(? AS BIGINT), ?)", count: entries.count).joined(separator: ", ")
        let sql = """
            WITH settings AS (SELECT set_config('synchronous_commit', 'off', true) AS value),
            claim AS (
                UPDATE viper_journals SET expires_at = ?
                WHERE resume_key = ? AND owner = ? AND EXISTS (SELECT 1 FROM settings)
                RETURNING resume_key
            ),
            cut AS (DELETE FROM viper_journal_entries WHERE resume_key IN (SELECT resume_key FROM claim) AND seq < ?),
            added AS (
                INSERT INTO viper_journal_entries (resume_key, seq, entry)
                SELECT claim.resume_key, entry.seq, entry.text FROM claim, (VALUES \(values)) AS entry (seq, text)
            )
            SELECT resume_key FROM claim
            """
        let arguments = [StoreValue.integer(expiry()), .text(key), .text(owner), .integer(Int64(cut ?? 0))]
            + entries.flatMap { [StoreValue.integer(Int64($0.sequence)), .text($0.text)] }
        return try await !database.writeStatement(sql, arguments).isEmpty
    }

    func take(_ key: String, owner: String, workspace: Workspace) async throws -> JournalTaking {
        let nowMilliseconds = milliseconds(now())
        return try await store.write { db in
            guard let header = try await db.row("SELECT workspace, header, expires_at FROM viper_journals WHERE resume_key = ?", key) else {
                return .unknown
            }
            let journalWorkspace: String = try header.get("workspace")
            guard journalWorkspace == workspace.name else { return .otherWorkspace(journalWorkspace) }
            let expiresAt: Int64 = try header.get("expires_at")
            guard expiresAt > nowMilliseconds else { return .expired }
            try await db.execute("UPDATE viper_journals SET owner = ?, expires_at = ? WHERE resume_key = ?", owner, expiry(), key)
            let entries = try await db.query("SELECT seq, entry FROM viper_journal_entries WHERE resume_key = ? ORDER BY seq", key).map { row in
                JournalEntry(sequence: Int(try row.get("seq") as Int64), text: try row.get("entry"))
            }
            return .taken(header: try header.get("header"), entries: entries)
        }
    }

    /// Removes the entries of expired journals, and the headers of those expired for a day, at
    /// most once a minute.
    private func purgeIfDue() async throws {
        let now = now()
        let due = lastPurge.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= 60 }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let expired = milliseconds(now), forgotten = milliseconds(now) - 86_400_000
        try await store.write { db in
            try await db.execute(
                "DELETE FROM viper_journal_entries WHERE resume_key IN (SELECT resume_key FROM viper_journals WHERE expires_at <= ?)", expired)
            try await db.execute("DELETE FROM viper_journals WHERE expires_at <= ?", forgotten)
        }
    }

    private func expiry() -> Int64 {
        milliseconds(now()) + lifetime.components.seconds * 1000
    }

    private func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
