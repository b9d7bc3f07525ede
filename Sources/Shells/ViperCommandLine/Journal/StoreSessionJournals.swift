import Foundation
import Synchronization
import ViperCore
import ViperJSON
import ViperStore

/// Session journals in a database every process of a deployment shares (the default
/// workspace's: PostgreSQL with `--database`, the SQLite file with `--db`): a journal's header
/// in `viper_journals`, its entries in `viper_journal_entries`, all sealed (`JournalSeal`); the
/// receipts its requests' writes carry in `viper_journal_receipts`, in the database of the
/// session's workspace.
///
/// A live session's journal does not expire: this process renews the journals of its sessions
/// (`LiveJournals`). Once its session has ended, a journal expires `lifetime` later; expired
/// journals lose their entries at the next purge, which a new journal starts at most once a
/// minute; their headers stay a day longer, so that a client coming back late hears "expired"
/// rather than "unknown".
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
        },
        // The first journals kept their keys and entries in clear; they are dropped, as a
        // restart of every process would have lost their sessions anyway.
        StoreMigration("viper v2: sealed session journals") { dialect in
            [
                "DROP TABLE viper_journal_entries",
                "DROP TABLE viper_journals",
                """
                CREATE TABLE viper_journals (
                    id TEXT PRIMARY KEY,
                    key_digest TEXT NOT NULL UNIQUE,
                    workspace TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    sealed_key \(dialect.bytes) NOT NULL,
                    header \(dialect.bytes) NOT NULL,
                    too_long \(dialect.integer) NOT NULL DEFAULT 0,
                    expires_at \(dialect.integer) NOT NULL
                )
                """,
                "CREATE INDEX viper_journals_expiry ON viper_journals (expires_at)",
                """
                CREATE TABLE viper_journal_entries (
                    journal TEXT NOT NULL,
                    seq \(dialect.integer) NOT NULL,
                    entry \(dialect.bytes) NOT NULL,
                    PRIMARY KEY (journal, seq)
                )
                """,
                """
                CREATE TABLE viper_journal_receipts (
                    journal TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    through \(dialect.integer) NOT NULL,
                    entries \(dialect.bytes) NOT NULL,
                    expires_at \(dialect.integer) NOT NULL,
                    PRIMARY KEY (journal, owner)
                )
                """,
            ]
        },
    ]

    private let database: any StoreBackend
    private let store: Store
    private let workspaceDatabase: @Sendable (Workspace) throws -> any StoreBackend
    let lifetime: Duration
    let limits: JournalLimits
    /// What the server was started with (its token), which a journal's seal binds.
    private let credential: String?
    let now: @Sendable () -> Date
    private let lastPurge = Mutex<Date?>(nil)
    let live: LiveJournals

    /// Journals in `database`, each kept `lifetime` after its session ended, of at most
    /// `limits`, sealed with `credential` as well as their keys; the receipts of a session's
    /// writes are in `workspaceDatabase` of its workspace. Live journals are renewed every
    /// `renewalInterval` (by default three times per lifetime).
    init(
        database: any StoreBackend, workspaceDatabase: @escaping @Sendable (Workspace) throws -> any StoreBackend, lifetime: Duration,
        limits: JournalLimits = .standard, credential: String? = nil, renewalInterval: Duration? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        store = Store(database)
        self.workspaceDatabase = workspaceDatabase
        self.lifetime = lifetime
        self.limits = limits
        self.credential = credential
        self.now = now
        live = LiveJournals(database: database, lifetime: lifetime, renewalInterval: renewalInterval, now: now)
    }

    func open(workspace: Workspace, header: String) async throws -> OpenedJournal {
        try await purgeIfDue()
        let id = JournalSeal.newIdentifier(), owner = JournalSeal.newIdentifier(), key = JournalSeal.newResumeKey()
        let seal = JournalSeal.new()
        let sealedKey = seal.sealedKey(resumeKey: key, credential: credential, journal: id)
        let sealedHeader = seal.seal(header, context: Self.headerContext(id))
        try await store.write { db in
            try await db.execute(
                "INSERT INTO viper_journals (id, key_digest, workspace, owner, sealed_key, header, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                id, JournalSeal.digest(ofResumeKey: key), workspace.name, owner, sealedKey, sealedHeader, expiry())
        }
        return OpenedJournal(key: key, writer: live.add(StoreJournalWriter(journals: self, id: id, owner: owner, workspace: workspace, seal: seal)))
    }

    func take(_ key: String, workspace: Workspace) async throws -> JournalTaking {
        let digest = JournalSeal.digest(ofResumeKey: key)
        guard let row = try await store.read({ db in
            try await db.row(
                "SELECT id, workspace, owner, sealed_key, header, too_long, expires_at FROM viper_journals WHERE key_digest = ?", digest)
        }) else { return .unknown }
        let id: String = try row.get("id")
        // A key that does not open the journal's seal is as good as unknown: it says nothing of
        // the journal, not even its workspace.
        guard let seal = JournalSeal.open(sealedKey: try row.get("sealed_key"), resumeKey: key, credential: credential, journal: id),
            let header = seal.open(try row.get("header"), context: Self.headerContext(id))
        else { return .unknown }
        let journalWorkspace: String = try row.get("workspace")
        guard journalWorkspace == workspace.name else { return .otherWorkspace(journalWorkspace) }
        guard try row.get("expires_at") as Int64 > milliseconds(now()) else { return .expired }
        guard try row.get("too_long") as Int64 == 0 else { return .tooLong }
        let formerOwner: String = try row.get("owner")
        let owner = JournalSeal.newIdentifier(), newKey = JournalSeal.newResumeKey()
        let newSealedKey = seal.sealedKey(resumeKey: newKey, credential: credential, journal: id)
        let (expiry, now) = (expiry(), milliseconds(now()))
        let claimed: [(sequence: Int, entry: [UInt8])]? = try await store.write { db in
            // One of the takes of a key wins: the key changes with the owner, in one statement,
            // and only while the journal can still be resumed.
            guard try await db.row(
                """
                UPDATE viper_journals SET key_digest = ?, owner = ?, sealed_key = ?, expires_at = ?
                WHERE id = ? AND key_digest = ? AND owner = ? AND too_long = 0 AND expires_at > ? RETURNING id
                """,
                JournalSeal.digest(ofResumeKey: newKey), owner, newSealedKey, expiry, id, digest, formerOwner, now) != nil
            else { return nil }
            db.announce(LiveJournals.takenTopic(journal: id, owner: owner))
            return try await db.query("SELECT seq, entry FROM viper_journal_entries WHERE journal = ? ORDER BY seq", id).map { row in
                (sequence: Int(try row.get("seq") as Int64), entry: try row.get("entry") as [UInt8])
            }
        }
        guard var sealedEntries = claimed else { return .unknown }
        // What the former owner's last write committed, and its journal did not get. Read once
        // the journal is claimed: a write the former owner commits until then is in it.
        let workspaceDatabase = try workspaceDatabase(workspace)
        let receipts = try await JournalReceiptTable.find(of: id, by: formerOwner, in: workspaceDatabase, seal: seal)
        if let receipt = receipts.owners, receipt.through > sealedEntries.last?.sequence ?? 0 {
            let added = receipt.entries.filter { $0.sequence > sealedEntries.last?.sequence ?? 0 }.map { entry in
                (sequence: entry.sequence, entry: seal.seal(entry.text, context: Self.entryContext(id, entry.sequence)))
            }
            let merged = try await store.write { db -> Bool in
                guard try await db.row("UPDATE viper_journals SET expires_at = ? WHERE id = ? AND owner = ? RETURNING id", expiry, id, owner) != nil
                else { return false }
                if let cut = receipt.cut { try await db.execute("DELETE FROM viper_journal_entries WHERE journal = ? AND seq < ?", id, cut) }
                for entry in added {
                    try await db.execute(
                        "INSERT INTO viper_journal_entries (journal, seq, entry) VALUES (?, ?, ?) ON CONFLICT (journal, seq) DO NOTHING",
                        id, entry.sequence, entry.entry)
                }
                return true
            }
            guard merged else { return .unknown }
            if let cut = receipt.cut { sealedEntries.removeAll { $0.sequence < cut } }
            sealedEntries += added
        }
        // The journal holds what the receipts did: they are needed no more.
        if receipts.any { try await JournalReceiptTable.remove(of: id, in: workspaceDatabase) }
        var entries: [JournalEntry] = []
        entries.reserveCapacity(sealedEntries.count)
        for (sequence, sealed) in sealedEntries {
            guard let text = seal.open(sealed, context: Self.entryContext(id, sequence)) else { return .unknown }
            entries.append(JournalEntry(sequence: sequence, text: text))
        }
        let writer = live.add(StoreJournalWriter(journals: self, id: id, owner: owner, workspace: workspace, seal: seal))
        return .taken(OpenedJournal(key: newKey, writer: writer), header: header, entries: entries)
    }

    // MARK: - What a writer does

    /// Adds `entries` to the journal `id` while `owner` owns it, after cutting those below `cut`
    /// (which makes a journal marked too long whole again).
    func append(_ entries: [JournalEntry], to id: String, owner: String, seal: JournalSeal, cuttingBefore cut: Int?) async throws -> Bool {
        guard !entries.isEmpty else { return true }
        let sealed = entries.map { StoreValue.bytes(seal.seal($0.text, context: Self.entryContext(id, $0.sequence))) }
        if database.dialect == .postgresql { return try await appendInOneStatement(entries, sealed: sealed, to: id, owner: owner, cuttingBefore: cut) }
        let values = Array(repeating: "(?, ?, ?)", count: entries.count).joined(separator: ", ")
        let arguments = zip(entries, sealed).flatMap { [StoreValue.text(id), .integer(Int64($0.sequence)), $1] }
        return try await store.write { db in
            // The claim and the expiry in one statement: a journal another session resumed
            // takes no more entries from this one.
            guard try await db.row(
                "UPDATE viper_journals SET expires_at = ?, too_long = CASE WHEN ? THEN 0 ELSE too_long END WHERE id = ? AND owner = ? RETURNING id",
                expiry(), cut != nil, id, owner) != nil
            else { return false }
            if let cut { try await db.execute("DELETE FROM viper_journal_entries WHERE journal = ? AND seq < ?", id, cut) }
            // A retry of an append whose commit was not acknowledged finds its entries there.
            try await db.execute("INSERT INTO viper_journal_entries (journal, seq, entry) VALUES \(values) ON CONFLICT (journal, seq) DO NOTHING", arguments)
            return true
        }
    }

    /// An append on PostgreSQL, in one statement and so one round trip: a session waits for each
    /// of its appends before it answers, so they are on its latency's path. Its commit waits for
    /// the server's log, as every commit does: a server that crashes right after acknowledging an
    /// entry still has it when it comes back, so no answer a client saw is lost to a resume.
    private func appendInOneStatement(
        _ entries: [JournalEntry], sealed: [StoreValue], to id: String, owner: String, cuttingBefore cut: Int?
    ) async throws -> Bool {
        let values = Array(repeating: "(CAST(? AS BIGINT), CAST(? AS BYTEA))", count: entries.count).joined(separator: ", ")
        let sql = """
            WITH claim AS (
                UPDATE viper_journals SET expires_at = ?, too_long = CASE WHEN CAST(? AS BIGINT) = 1 THEN 0 ELSE too_long END
                WHERE id = ? AND owner = ?
                RETURNING id
            ),
            cut AS (DELETE FROM viper_journal_entries WHERE journal IN (SELECT id FROM claim) AND seq < ?),
            added AS (
                INSERT INTO viper_journal_entries (journal, seq, entry)
                SELECT claim.id, entry.seq, entry.sealed FROM claim, (VALUES \(values)) AS entry (seq, sealed)
                ON CONFLICT (journal, seq) DO NOTHING
            )
            SELECT id FROM claim
            """
        let arguments = [StoreValue.integer(expiry()), .integer(cut != nil ? 1 : 0), .text(id), .text(owner), .integer(Int64(cut ?? 0))]
            + zip(entries, sealed).flatMap { [StoreValue.integer(Int64($0.sequence)), $1] }
        return try await !database.writeStatement(sql, arguments).isEmpty
    }

    /// Marks the journal `id` too long to resume, and removes its entries, while `owner` owns it.
    func markTooLong(_ id: String, owner: String) async throws -> Bool {
        try await store.write { db in
            guard try await db.row("UPDATE viper_journals SET too_long = 1, expires_at = ? WHERE id = ? AND owner = ? RETURNING id", expiry(), id, owner) != nil
            else { return false }
            try await db.execute("DELETE FROM viper_journal_entries WHERE journal = ?", id)
            return true
        }
    }

    /// The session owning journal `id` ended: the journal expires `lifetime` from now. When
    /// every entry of the session was `written`, the receipts it left in `workspace` are needed
    /// no more.
    func release(_ id: String, owner: String, workspace: Workspace, written: Bool) async {
        _ = try? await store.write { db in
            try await db.execute("UPDATE viper_journals SET expires_at = ? WHERE id = ? AND owner = ?", expiry(), id, owner)
        }
        if written, let database = try? workspaceDatabase(workspace) {
            try? await JournalReceiptTable.remove(of: id, by: owner, in: database)
        }
    }

    /// Stops renewing journals and hearing of their takers: the engine is closing.
    func stop() {
        live.stop()
    }

    // MARK: - Helpers

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
                "DELETE FROM viper_journal_entries WHERE journal IN (SELECT id FROM viper_journals WHERE expires_at <= ?)", expired)
            try await db.execute("DELETE FROM viper_journals WHERE expires_at <= ?", forgotten)
            try await db.execute("DELETE FROM viper_journal_receipts WHERE expires_at <= ?", expired)
        }
    }

    /// When a journal written now expires, in milliseconds since 1970.
    func expiry() -> Int64 {
        milliseconds(now()) + lifetime.components.seconds * 1000
    }

    private func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func headerContext(_ id: String) -> String { "\(id)/header" }
    static func entryContext(_ id: String, _ sequence: Int) -> String { "\(id)/\(sequence)" }
}
