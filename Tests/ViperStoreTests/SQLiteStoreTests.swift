import Dispatch
import Foundation
import StoreFaults
import Synchronization
import Testing
@testable import ViperStore

/// A schema of two steps, like an app's.
let notes = [
    StoreMigration("notes v1") { dialect in ["CREATE TABLE note (id \(dialect.autoIncrementingKey), text TEXT NOT NULL)"] },
    StoreMigration("notes v2") { _ in ["CREATE INDEX note_on_text ON note(text)"] },
]

func noteCount(_ database: any StoreBackend) async throws -> Int {
    try await Store(database).read { db in try await db.row("SELECT count(*) FROM note")?.get(0) ?? 0 }
}

func addNote(_ text: String, to database: any StoreBackend) async throws {
    try await Store(database).write { db in try await db.execute("INSERT INTO note (text) VALUES (?)", text) }
}

/// The texts of the first column of `sql`'s rows on `database`.
private func texts(_ sql: String, on database: SQLiteStore) async throws -> [String] {
    try await Store(database).read { db in try await db.query(sql).map { try $0.get(0) } }
}

/// SQLite as the store's default back-end: the file, its migrations, locks and disk failures.
struct SQLiteStoreTests {
    @Test func migrationsRunOnceInOrderAndAreRecorded() async throws {
        let file = try StoreFile()
        try await addNote("kept", to: SQLiteStore(path: file.path, migrations: notes))
        let reopened = try SQLiteStore(path: file.path, migrations: notes)
        #expect(try await noteCount(reopened) == 1)
        #expect(try await texts("SELECT identifier FROM grdb_migrations ORDER BY identifier", on: reopened) == ["notes v1", "notes v2"])
    }

    @Test func aNewStepRunsOnAFileTheEarlierStepsMade() async throws {
        let file = try StoreFile()
        try await addNote("kept", to: SQLiteStore(path: file.path, migrations: [notes[0]]))
        let upgraded = try SQLiteStore(path: file.path, migrations: notes)
        #expect(try await noteCount(upgraded) == 1)
        #expect(try await texts("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", on: upgraded) == ["note_on_text"])
    }

    @Test func eightEnginesStartingTogetherOnANewFileAllOpenIt() throws {
        // Each round is a new file, as the race is on the first migration.
        for _ in 1...10 {
            let file = try StoreFile()
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let start = ContinuousClock.now
                do {
                    _ = try SQLiteStore(path: file.path, migrations: notes)
                } catch {
                    failures.withLock { $0.append("\(error) after \(ContinuousClock.now - start)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
        }
    }

    @Test func aFileFromANewerVersionIsRefusedAndLeftAsItWas() async throws {
        let file = try StoreFile()
        try await addNote("from the future", to: SQLiteStore(path: file.path, migrations: notes))
        try file.markWrittenByANewerVersion(migration: "notes v3")
        let error = #expect(throws: StoreError.self) { try SQLiteStore(path: file.path, migrations: notes) }
        #expect(error?.isNewerVersion == true)
        #expect(error?.description.contains("newer version of viper") == true)
        #expect(error?.description.contains("notes v3") == true)
        // The newer engine still finds its data and its bookkeeping.
        try file.execute("DELETE FROM grdb_migrations WHERE identifier = 'notes v3'")
        #expect(try await noteCount(SQLiteStore(path: file.path, migrations: notes)) == 1)
    }

    @Test func aBodyThatThrowsPassesItsErrorAsItIsAndKeepsNothing() async throws {
        struct Refusal: Error {}
        let database = try SQLiteStore.inMemory(migrations: notes)
        await #expect(throws: Refusal.self) {
            try await Store(database).write { db in
                try await db.execute("INSERT INTO note (text) VALUES (?)", "rolled back")
                throw Refusal()
            }
        }
        #expect(try await noteCount(database) == 0)
        try await addNote("after", to: database)
        #expect(try await noteCount(database) == 1)
    }

    @Test func aStatementSQLiteRefusesFailsWithItsReasonAndKeepsNothingOfTheTransaction() async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        let error = await #expect(throws: StoreError.self) {
            try await Store(database).write { db in
                try await db.execute("INSERT INTO note (text) VALUES (?)", "rolled back")
                try await db.execute("INSERT INTO note (text) VALUES (?)", StoreValue.null)
            }
        }
        #expect(error?.description == "NOT NULL constraint failed: note.text")
        #expect(try await noteCount(database) == 0)
    }

    @Test func aTransactionStartedInsideAnotherIsRefusedInsteadOfWaitingForItself() async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        let store = Store(database)
        let error = await #expect(throws: StoreError.self) {
            try await store.write { _ in try await store.read { _ in 0 } }
        }
        #expect(error?.description.contains("inside another") == true)
        #expect(try await noteCount(database) == 0)
    }

    @Test func transactionsOfManyTasksTakeTurnsAndAllCommit() async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await Store(database).write { db in
                        // A read and a write in one turn: another task's insert never lands between.
                        let before: Int = try await db.row("SELECT count(*) FROM note")?.get(0) ?? -1
                        try await Task.yield()
                        try await db.execute("INSERT INTO note (text) VALUES (?)", "\(index) after \(before)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let seen = try await texts("SELECT text FROM note ORDER BY id", on: database).map { Int($0.split(separator: " ").last!)! }
        #expect(seen == Array(0..<50))
    }

    @Test("Writers that wait while a write transaction is open join it and commit with it, each in a savepoint: one that throws loses only its own rows")
    func waitingWritersCommitTogether() async throws {
        struct Refusal: Error {}
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: notes)
        let (leaderStarted, started) = AsyncStream.makeStream(of: Void.self)
        let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                try await Store(database).write { db in
                    try await db.execute("INSERT INTO note (text) VALUES (?)", "leader")
                    started.yield()
                    // The transaction stays open until the others wait at the gate.
                    while database.gate.waitingCount < 20 { try await Task.sleep(for: .milliseconds(5)) }
                }
                return "leader"
            }
            var waiting = leaderStarted.makeAsyncIterator()
            _ = await waiting.next()
            for index in 0..<20 {
                group.addTask {
                    do {
                        try await Store(database).write { db in
                            try await db.execute("INSERT INTO note (text) VALUES (?)", "writer \(index)")
                            if index == 7 { throw Refusal() }
                        }
                        return "writer \(index)"
                    } catch is Refusal {
                        return "refused \(index)"
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.contains("refused 7"))
        #expect(outcomes.count == 21)
        let kept = try await texts("SELECT text FROM note ORDER BY id", on: database)
        #expect(Set(kept) == Set(["leader"] + (0..<20).filter { $0 != 7 }.map { "writer \($0)" }))
        // 21 writers, one commit: the 20 that waited joined the leader's transaction.
        #expect(database.commits.load(ordering: .relaxed) == 1)
    }

    @Test func aWriteIsHeardByTheOtherStoresOfTheDatabaseOnceItCommitsNotByItsOwn() async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        let writer = Store(database)
        let listener = Store(database)
        var heardByListener = listener.changes(of: ["notes"]).makeAsyncIterator()
        var heardByWriter = writer.changes(of: ["notes", "other"]).makeAsyncIterator()
        try await writer.write { db in
            try await db.execute("INSERT INTO note (text) VALUES (?)", "heard")
            db.announce("notes")
        }
        try await listener.write { db in db.announce("other") }
        let change = await heardByListener.next()
        #expect(change == StoreChange(topic: "notes", origin: writer.origin))
        // The writer hears the listener's change, never its own.
        #expect(await heardByWriter.next() == StoreChange(topic: "other", origin: listener.origin))
    }

    @Test func aStreamOfChangesLeavesNothingBehindOnceItsListenerIsGone() async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        // Nothing relays a stream in a task of its own: a session that ends leaves nothing
        // running that still holds its database's feed.
        _ = Store(database).changes(of: ["notes"])
        #expect(database.openChangeStreams == 0)
        let changes = Store(database).changes(of: ["notes"])
        #expect(database.openChangeStreams == 1)
        let listening = Task { for await _ in changes {} }
        listening.cancel()
        await listening.value
        #expect(database.openChangeStreams == 0)
    }

    @Test func aWriteThatRollsBackIsNeverHeard() async throws {
        struct Refusal: Error {}
        let database = try SQLiteStore.inMemory(migrations: notes)
        var heard = Store(database).changes(of: ["notes"]).makeAsyncIterator()
        _ = try? await Store(database).write { db in
            db.announce("notes")
            throw Refusal()
        }
        let writer = Store(database)
        try await writer.write { db in db.announce("notes") }
        #expect(await heard.next()?.origin == writer.origin)
    }

    @Test(arguments: [
        ("SELECT NULL", "a row has no value (NULL)"),
        ("SELECT 'text'", "a row's value is 'text', not an integer"),
        ("SELECT 2.5", "a row's value is 2.5, not an integer"),
    ])
    func aColumnThatHoldsSomethingElseIsAnErrorNamingTheColumn(sql: String, reason: String) async throws {
        let database = try SQLiteStore.inMemory(migrations: notes)
        let error = await #expect(throws: StoreError.self) {
            try await Store(database).read { db in try await db.row("\(sql) AS value").map { try $0.get("value") as Int64 } }
        }
        #expect(error?.description == reason)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithSQLitesReason() throws {
        let file = try StoreFile()
        try Data("not a database, just text that is long enough to look like a header".utf8).write(to: URL(fileURLWithPath: file.path))
        let error = #expect(throws: StoreError.self) { try SQLiteStore(path: file.path, migrations: notes) }
        #expect(error?.sqliteResultCode == 26)  // SQLITE_NOTADB
        #expect(error?.description == "file is not a database")
    }

    @Test func twoMigrationsWithOneNameAreRefused() throws {
        #expect(throws: StoreError.self) { try SQLiteStore.inMemory(migrations: notes + [notes[0]]) }
    }

    @Test func aWriteWaitsForAnotherEnginesLockThenFailsWithSQLitesReason() async throws {
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: notes, busyTimeout: 0.2)
        let lock = try DatabaseLock(path: file.path)
        let error = await #expect(throws: StoreError.self) { try await addNote("blocked", to: database) }
        #expect(error?.sqliteResultCode == 5)  // SQLITE_BUSY
        #expect(error?.description == "another program kept the database locked for more than 0.2 seconds")
        try lock.release()
        try await addNote("after the lock", to: database)
        #expect(try await noteCount(database) == 1)
    }

    @Test(arguments: [DiskFaults.Failure.ioError, .full])
    func aDiskThatFailsWritesFailsTheWriteAndKeepsWhatWasCommitted(failure: DiskFaults.Failure) async throws {
        DiskFaults.install()
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: notes)
        try await addNote("before", to: database)
        DiskFaults.failWrites(to: file.path, with: failure)
        defer { DiskFaults.heal(file.path) }
        let error = await #expect(throws: StoreError.self) { try await addNote("lost", to: database) }
        // SQLITE_FULL is 13; SQLITE_IOERR is 10, extended by the kind of I/O.
        #expect(error.map { $0.sqliteResultCode! & 0xFF } == (failure == .full ? 13 : 10))
        #expect(error?.description == (failure == .full ? "database or disk is full" : "disk I/O error"))
        #expect(try await noteCount(database) == 1)
        DiskFaults.heal(file.path)
        try await addNote("after", to: database)
        try database.close()
        #expect(try await noteCount(SQLiteStore(path: file.path, migrations: notes)) == 2)
    }

    @Test func closingLeavesOnlyTheDatabaseFile() async throws {
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: notes)
        try await addNote("kept", to: database)
        #expect(file.files == ["viper.sqlite", "viper.sqlite-shm", "viper.sqlite-wal"])
        try database.close()
        #expect(file.files == ["viper.sqlite"])
        await #expect(throws: StoreError.self) { try await noteCount(database) }
    }

    @Test func everyCommitIsSyncedToDiskNotOnlyAtCheckpoints() async throws {
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: notes)
        // 2 is FULL. GRDB sets NORMAL (1) when it turns on write-ahead logging; FULL must win.
        #expect(try await texts("PRAGMA synchronous", on: database) == ["2"])
        #expect(try await texts("PRAGMA journal_mode", on: database) == ["wal"])
    }
}
