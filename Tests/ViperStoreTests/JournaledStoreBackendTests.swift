import Synchronization
import Testing
@testable import ViperStore

/// A session's journal as a store sees it, in memory: what was recorded, and, when replaying,
/// the recorded transactions handed back in order.
private final class MemoryStoreJournal: StoreJournal {
    private let state = Mutex<(recording: Bool, replaying: Bool, kept: [JournaledTransaction])>((true, false, []))

    var isReplaying: Bool { state.withLock { $0.replaying } }
    var isRecording: Bool { state.withLock { $0.recording } }
    var kept: [JournaledTransaction] { state.withLock { $0.kept } }

    func set(recording: Bool, replaying: Bool) {
        state.withLock { $0.recording = recording; $0.replaying = replaying }
    }

    func record(_ transaction: JournaledTransaction) async {
        state.withLock { $0.kept.append(transaction) }
    }

    /// Writes what the write gave, as its statements, in the write's own transaction.
    func writeReceipt(of written: JournaledTransaction, in transaction: any StoreTransaction) async throws {
        guard state.withLock({ $0.recording }) else { return }
        try await transaction.execute(
            "CREATE TABLE IF NOT EXISTS receipt (statements TEXT NOT NULL)", [])
        try await transaction.execute("INSERT INTO receipt (statements) VALUES (?)", [.text(written.statements.map(\.sql).joined(separator: "; "))])
    }

    func replayedTransaction() async -> JournaledTransaction? {
        state.withLock { $0.kept.isEmpty ? nil : $0.kept.removeFirst() }
    }
}

/// `JournaledStoreBackend`: a session's transactions recorded as they run, and answered from the
/// record, touching no database, while the session is replayed.
struct JournaledStoreBackendTests {
    private func journaled() throws -> (SQLiteStore, MemoryStoreJournal, Store) {
        let database = try SQLiteStore.inMemory(migrations: notes)
        let journal = MemoryStoreJournal()
        return (database, journal, Store(JournaledStoreBackend(database, journal: journal)))
    }

    @Test func aTransactionIsRecordedWithWhatEachStatementGave() async throws {
        let (_, journal, store) = try journaled()
        let id: Int64 = try await store.write { db in try await db.row("INSERT INTO note (text) VALUES (?) RETURNING id", "milk")!.get(0) }
        let texts: [String] = try await store.read { db in try await db.query("SELECT text FROM note").map { try $0.get(0) } }
        #expect(texts == ["milk"])
        let kept = journal.kept
        #expect(kept.count == 2)
        #expect(kept[0].statements.map(\.sql) == ["INSERT INTO note (text) VALUES (?) RETURNING id"])
        #expect(try kept[0].statements[0].outcome.get().first?.get(0) == id)
        #expect(try kept[1].statements[0].outcome.get().map { try $0.get(0) as String } == ["milk"])
    }

    @Test func aReplayGetsWhatTheFirstRunGotAndWritesNothing() async throws {
        let (database, journal, store) = try journaled()
        let first: Int64 = try await store.write { db in try await db.row("INSERT INTO note (text) VALUES (?) RETURNING id", "milk")!.get(0) }
        // Others change the database meanwhile; the replay sees what the first run saw.
        try await addNote("bread", to: database)
        journal.set(recording: false, replaying: true)
        let again: Int64 = try await store.write { db in try await db.row("INSERT INTO note (text) VALUES (?) RETURNING id", "milk")!.get(0) }
        #expect(again == first)
        #expect(try await noteCount(database) == 2)
    }

    @Test func aStatementThatFailedFailsAgainInTheReplay() async throws {
        let (_, journal, store) = try journaled()
        await #expect(throws: StoreError.self) { try await store.write { db in try await db.execute("INSERT INTO nowhere VALUES (1)") } }
        #expect(journal.kept.count == 1)
        journal.set(recording: false, replaying: true)
        await #expect(throws: StoreError.self) { try await store.write { db in try await db.execute("INSERT INTO nowhere VALUES (1)") } }
    }

    @Test func aReplayedTransactionTheJournalKeptNothingOfReadsTheDatabaseAndWritesNothing() async throws {
        let (database, journal, store) = try journaled()
        try await addNote("bread", to: database)
        journal.set(recording: false, replaying: true)
        let texts: [String] = try await store.query("SELECT text FROM note").map { try $0.get(0) }
        #expect(texts == ["bread"])
        let id: Int64 = try await store.write { db in try await db.row("INSERT INTO note (text) VALUES (?) RETURNING id", "milk")!.get(0) }
        #expect(id == 2)
        #expect(try await noteCount(database) == 1)
    }

    @Test func aWriteCarriesItsReceiptInItsOwnTransaction() async throws {
        let (database, _, store) = try journaled()
        try await store.write { db in try await db.execute("INSERT INTO note (text) VALUES (?)", "milk") }
        let receipts: [String] = try await Store(database).query("SELECT statements FROM receipt").map { try $0.get(0) }
        #expect(receipts == ["INSERT INTO note (text) VALUES (?)"])
        // A write that does not commit leaves no receipt either.
        await #expect(throws: StoreError.self) {
            try await store.write { db in
                try await db.execute("INSERT INTO note (text) VALUES (?)", "bread")
                try await db.execute("INSERT INTO nowhere VALUES (1)")
            }
        }
        #expect(try await Store(database).query("SELECT statements FROM receipt").count == 1)
        #expect(try await noteCount(database) == 1)
    }

    @Test func withoutAJournalNothingIsRecorded() async throws {
        let (_, journal, store) = try journaled()
        journal.set(recording: false, replaying: false)
        try await store.write { db in try await db.execute("INSERT INTO note (text) VALUES (?)", "milk") }
        #expect(journal.kept.isEmpty)
    }
}
