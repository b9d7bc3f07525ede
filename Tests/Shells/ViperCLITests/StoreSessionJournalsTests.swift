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

    /// Runs `body` on a SQLite database in memory, then on a PostgreSQL one; `reopen` gives
    /// another handle on the same database, as another process has (the same one on SQLite).
    private func onEachDatabase(_ body: (_ database: any StoreBackend, _ reopen: () async throws -> any StoreBackend) async throws -> Void) async throws {
        let sqlite = try SQLiteStore.inMemory(migrations: StoreSessionJournals.migrations)
        try await body(sqlite, { sqlite })
        let url = try await PostgresTestServer.onOwnThread { try $0.makeDatabase() }
        let postgres = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: StoreSessionJournals.migrations, logger: .discarding)
        var others: [PostgresDatabase] = []
        try await body(postgres.store(forWorkspace: nil), {
            let other = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: StoreSessionJournals.migrations, logger: .discarding)
            others.append(other)
            return other.store(forWorkspace: nil)
        })
        for other in others { await other.close() }
        await postgres.close()
    }

    private func journals(
        on database: any StoreBackend, lifetime: Duration = .seconds(3600), limits: JournalLimits = .standard, credential: String? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) -> StoreSessionJournals {
        StoreSessionJournals(
            database: database, workspaceDatabase: { _ in database }, lifetime: lifetime, limits: limits, credential: credential, now: now)
    }

    /// The journal `key` named taken over: its new key, writer, header and entries.
    private func taken(_ taking: JournalTaking, sourceLocation: SourceLocation = #_sourceLocation) throws -> (OpenedJournal, String, [JournalEntry]) {
        guard case .taken(let opened, let header, let entries) = taking else {
            Issue.record("not taken: \(taking)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return (opened, header, entries)
    }

    private func reason(_ taking: JournalTaking) -> String {
        switch taking {
        case .taken: "taken"
        case .unknown: "unknown"
        case .expired: "expired"
        case .tooLong: "tooLong"
        case .otherWorkspace(let name): "workspace \(name)"
        }
    }

    @Test("A journal keeps its entries in order, cut where asked; a take hands them over with a new key, and its former owner can append no more")
    func entriesCutsAndOwners() async throws {
        try await onEachDatabase { database, _ in
            let journals = journals(on: database)
            let first = try await journals.open(workspace: .default, header: #"{"now":"2026-11-19T09:00:00Z"}"#)
            #expect(try await first.writer.append(Self.entries(1...3), cuttingBefore: nil))
            #expect(try await first.writer.append(Self.entries(4...5), cuttingBefore: 4))
            let (second, header, entries) = try taken(try await journals.take(first.key, workspace: .default))
            #expect(header == #"{"now":"2026-11-19T09:00:00Z"}"#)
            #expect(entries == Self.entries(4...5))
            #expect(second.key != first.key)
            #expect(try await !first.writer.append(Self.entries(6...6), cuttingBefore: nil))
            #expect(try await second.writer.append(Self.entries(6...6), cuttingBefore: nil))
            #expect(reason(try await journals.take(first.key, workspace: .default)) == "unknown")
            #expect(try taken(try await journals.take(second.key, workspace: .default)).2 == Self.entries(4...6))
        }
    }

    @Test("The database holds no key and nothing in clear: entries, header and receipts are sealed, and the key is found by its digest")
    func nothingInClear() async throws {
        try await onEachDatabase { database, _ in
            let journals = journals(on: database, credential: "a token of the server's own")
            let secret = "correct horse battery staple"
            let opened = try await journals.open(workspace: .default, header: #"{"note":"\#(secret)"}"#)
            _ = try await opened.writer.append([JournalEntry(sequence: 1, text: #"{"c":"view.event","p":{"password":"\#(secret)"}}"#)], cuttingBefore: nil)
            let receipt = try opened.writer.receipt([JournalEntry(sequence: 2, text: #"{"h":"\#(secret)"}"#)], cuttingBefore: nil)
            try await Store(database).write { db in try await JournalReceiptTable.write(receipt, in: db) }
            var everything: [UInt8] = []
            for table in ["viper_journals", "viper_journal_entries", "viper_journal_receipts"] {
                for row in try await database.query("SELECT * FROM \(table)", []) {
                    for value in row.values {
                        switch value {
                        case .text(let text): everything += Array(text.utf8)
                        case .bytes(let bytes): everything += bytes
                        default: break
                        }
                    }
                }
            }
            #expect(!everything.isEmpty)
            for clear in [secret, opened.key, "a token of the server's own", "password", "view.event"] {
                #expect(everything.firstRange(of: Array(clear.utf8)) == nil, "\(clear) is in the database")
            }
        }
    }

    @Test("A key made under one token resumes nothing on a server given another, not even its workspace's name")
    func anotherTokenOpensNothing() async throws {
        try await onEachDatabase { database, _ in
            let opened = try await journals(on: database, credential: "the first token, 16+").open(workspace: Workspace(name: "ada")!, header: "{}")
            #expect(reason(try await journals(on: database, credential: "another token, 16+").take(opened.key, workspace: .default)) == "unknown")
            #expect(reason(try await journals(on: database).take(opened.key, workspace: .default)) == "unknown")
            #expect(reason(try await journals(on: database, credential: "the first token, 16+").take(opened.key, workspace: .default)) == "workspace ada")
        }
    }

    @Test("Two takes of one key at once: one gets the journal, the other hears unknown")
    func oneTakeWins() async throws {
        try await onEachDatabase { database, reopen in
            let journals = journals(on: database)
            let other = self.journals(on: try await reopen())
            let opened = try await journals.open(workspace: .default, header: "{}")
            _ = try await opened.writer.append(Self.entries(1...2), cuttingBefore: nil)
            async let one = journals.take(opened.key, workspace: .default)
            async let two = other.take(opened.key, workspace: .default)
            let reasons = try await [reason(one), reason(two)].sorted()
            #expect(reasons == ["taken", "unknown"])
        }
    }

    @Test("A session whose journal another takes over hears of it at once, on this process or another")
    func theFormerOwnerHearsOfTheTake() async throws {
        try await onEachDatabase { database, reopen in
            let here = journals(on: database)
            let elsewhere = journals(on: try await reopen())
            let opened = try await here.open(workspace: .default, header: "{}")
            let heard = Mutex(false)
            opened.writer.whenTakenOver { heard.withLock { $0 = true } }
            _ = try taken(try await elsewhere.take(opened.key, workspace: .default))
            // Generous: beside a thousand other tests, a notification's hops take their time.
            let deadline = Date().addingTimeInterval(30)
            while !heard.withLock({ $0 }) && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(heard.withLock { $0 }, "not heard on \(database.dialect)")
            here.stop()
            elsewhere.stop()
        }
    }

    @Test("An unknown key, another workspace's, and an expired journal are told apart; expired entries are purged, then the key forgotten")
    func refusalsAndExpiry() async throws {
        try await onEachDatabase { database, _ in
            let clock = TestClock()
            let journals = journals(on: database, lifetime: .seconds(60), now: { clock.now })
            let opened = try await journals.open(workspace: Workspace(name: "ada")!, header: "{}")
            _ = try await opened.writer.append(Self.entries(1...2), cuttingBefore: nil)
            await opened.writer.close(written: true)
            #expect(reason(try await journals.take(String(repeating: "0", count: 32), workspace: .default)) == "unknown")
            #expect(reason(try await journals.take(opened.key, workspace: .default)) == "workspace ada")
            clock.advance(61)
            #expect(reason(try await journals.take(opened.key, workspace: Workspace(name: "ada")!)) == "expired")
            // The next journal opened purges: entries at once, the key a day later.
            _ = try await journals.open(workspace: .default, header: "{}")
            #expect(try await database.query("SELECT count(*) FROM viper_journal_entries", []).first?.get(0) == Int64(0))
            clock.advance(86_400)
            _ = try await journals.open(workspace: .default, header: "{}")
            #expect(reason(try await journals.take(opened.key, workspace: Workspace(name: "ada")!)) == "unknown")
        }
    }

    @Test("A live session's journal does not expire, however long it idles; once the session ends, it expires after the lifetime")
    func liveJournalsAreRenewed() async throws {
        try await onEachDatabase { database, _ in
            let clock = TestClock()
            let journals = StoreSessionJournals(
                database: database, workspaceDatabase: { _ in database }, lifetime: .seconds(60), renewalInterval: .milliseconds(20),
                now: { clock.now })
            let live = try await journals.open(workspace: .default, header: "{}")
            let ended = try await journals.open(workspace: .default, header: "{}")
            await ended.writer.close(written: true)
            // Twice most of a lifetime, each followed by a renewal.
            for _ in 0..<2 {
                clock.advance(45)
                let renewed = Int64(clock.now.timeIntervalSince1970 * 1000) + 50_000
                let deadline = Date().addingTimeInterval(10)
                while try await database.query("SELECT max(expires_at) FROM viper_journals", []).first?.get(0) ?? Int64(0) < renewed, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            #expect(reason(try await journals.take(live.key, workspace: .default)) == "taken")
            #expect(reason(try await journals.take(ended.key, workspace: .default)) == "expired")
            journals.stop()
        }
    }

    @Test("A journal marked too long is refused as such, until an append that cuts it makes it whole again")
    func tooLongUntilCut() async throws {
        try await onEachDatabase { database, _ in
            let journals = journals(on: database)
            let opened = try await journals.open(workspace: .default, header: "{}")
            _ = try await opened.writer.append(Self.entries(1...3), cuttingBefore: nil)
            #expect(try await opened.writer.markTooLong())
            #expect(try await database.query("SELECT count(*) FROM viper_journal_entries", []).first?.get(0) == Int64(0))
            #expect(reason(try await journals.take(opened.key, workspace: .default)) == "tooLong")
            _ = try await opened.writer.append(Self.entries(9...10), cuttingBefore: 9)
            #expect(try taken(try await journals.take(opened.key, workspace: .default)).2 == Self.entries(9...10))
        }
    }

    @Test("What a receipt holds beyond the journal is handed over by a take and written into the journal; a receipt the journal passed adds nothing")
    func receiptsCompleteTheJournal() async throws {
        try await onEachDatabase { database, _ in
            let journals = journals(on: database)
            let opened = try await journals.open(workspace: .default, header: "{}")
            _ = try await opened.writer.append(Self.entries(1...3), cuttingBefore: nil)
            // The write of request 4 committed with its receipt; its append never happened.
            let receipt = try opened.writer.receipt(Self.entries(3...5), cuttingBefore: nil)
            try await Store(database).write { db in try await JournalReceiptTable.write(receipt, in: db) }
            let (second, _, entries) = try taken(try await journals.take(opened.key, workspace: .default))
            #expect(entries == Self.entries(1...5))
            #expect(try await database.query("SELECT count(*) FROM viper_journal_receipts", []).first?.get(0) == Int64(0), "the receipt, merged, is needed no more")
            #expect(try await second.writer.append(Self.entries(6...6), cuttingBefore: nil))
            #expect(try taken(try await journals.take(second.key, workspace: .default)).2 == Self.entries(1...6))
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
