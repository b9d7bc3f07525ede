import Foundation
import PostgresTestServer
import Synchronization
import Testing
import ViperCore
import ViperStore
import ViperStorePostgres

@testable import ViperCommandLine

/// Session journals in a database (`StoreSessionJournals`), on SQLite and on PostgreSQL: what
/// `SessionJournals` promises, and the JSON a session's stores write into them.
struct StoreSessionJournalsTests {
    /// A clock the test moves.
    private final class TestClock: Sendable {
        private let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { instant.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
    }

    private static func entries(_ range: ClosedRange<Int>) -> [JournalEntry] {
        range.map { JournalEntry(sequence: $0, text: #"{"c":"view.event","n":\#($0)}"#) }
    }

    private func onEachDatabase(_ body: (any StoreBackend) async throws -> Void) async throws {
        try await body(try SQLiteStore.inMemory(migrations: StoreSessionJournals.migrations))
        let url = try await PostgresTestServer.onOwnThread { try $0.makeDatabase() }
        let postgres = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: StoreSessionJournals.migrations, logger: .discarding)
        try await body(postgres.store(forWorkspace: nil))
        await postgres.close()
    }

    @Test("A journal keeps its entries in order, cut where asked, and is handed to whoever takes it over; its former owner can append no more")
    func entriesCutsAndOwners() async throws {
        try await onEachDatabase { database in
            let journals = StoreSessionJournals(database: database, lifetime: .seconds(3600))
            try await journals.open(key: "k1", owner: "first", workspace: .default, header: #"{"now":"2026-11-19T09:00:00Z"}"#)
            #expect(try await journals.append(Self.entries(1...3), to: "k1", owner: "first", cuttingBefore: nil))
            #expect(try await journals.append(Self.entries(4...5), to: "k1", owner: "first", cuttingBefore: 4))
            #expect(try await journals.take("k1", owner: "second", workspace: .default)
                == .taken(header: #"{"now":"2026-11-19T09:00:00Z"}"#, entries: Self.entries(4...5)))
            #expect(try await !journals.append(Self.entries(6...6), to: "k1", owner: "first", cuttingBefore: nil))
            #expect(try await journals.append(Self.entries(6...6), to: "k1", owner: "second", cuttingBefore: nil))
            #expect(try await journals.take("k1", owner: "third", workspace: .default) == .taken(header: #"{"now":"2026-11-19T09:00:00Z"}"#, entries: Self.entries(4...6)))
        }
    }

    @Test("An unknown key, another workspace's, and an expired journal are told apart; expired entries are purged, then the key forgotten")
    func refusalsAndExpiry() async throws {
        try await onEachDatabase { database in
            let clock = TestClock()
            let journals = StoreSessionJournals(database: database, lifetime: .seconds(60), now: { clock.now })
            try await journals.open(key: "k2", owner: "o", workspace: Workspace(name: "ada")!, header: "{}")
            _ = try await journals.append(Self.entries(1...2), to: "k2", owner: "o", cuttingBefore: nil)
            #expect(try await journals.take("nope", owner: "x", workspace: .default) == .unknown)
            #expect(try await journals.take("k2", owner: "x", workspace: .default) == .otherWorkspace("ada"))
            clock.advance(61)
            #expect(try await journals.take("k2", owner: "x", workspace: Workspace(name: "ada")!) == .expired)
            // The next journal opened purges: entries at once, the key a day later.
            try await journals.open(key: "k3", owner: "o", workspace: .default, header: "{}")
            #expect(try await database.query("SELECT count(*) FROM viper_journal_entries WHERE resume_key = 'k2'", []).first?.get(0) == Int64(0))
            clock.advance(86_400)
            try await journals.open(key: "k4", owner: "o", workspace: .default, header: "{}")
            #expect(try await journals.take("k2", owner: "x", workspace: Workspace(name: "ada")!) == .unknown)
        }
    }

    @Test("A store transaction goes into the journal as JSON and comes back as it was: every kind of value, and errors")
    func storeTransactionsRoundTrip() throws {
        let columns = StoreColumns(["n", "big", "r", "t", "b", "none"])
        let row = StoreRow(values: [.integer(7), .integer(Int64.max), .real(0.5), .text("milk"), .bytes([0, 255]), .null], columns: columns)
        let transaction = JournaledTransaction(
            statements: [
                .init(sql: "SELECT *", outcome: .success([row])),
                .init(sql: "INSERT", outcome: .failure(.server("duplicate key"))),
            ],
            failure: .unavailable("the server went away"))
        let back = try #require(SessionStoreJournal.transaction(SessionStoreJournal.json(transaction)))
        #expect(back.statements.map(\.sql) == ["SELECT *", "INSERT"])
        let rows = try back.statements[0].outcome.get()
        #expect(rows.first?.values == row.values)
        #expect(rows.first?.columnNames == columns.names)
        #expect(throws: StoreError.self) { try back.statements[1].outcome.get() }
        #expect(back.failure?.isUnavailable == true)
        #expect(back.failure?.description == "the server went away")
    }
}
