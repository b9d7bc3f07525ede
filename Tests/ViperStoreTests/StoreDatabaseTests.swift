import Dispatch
import Foundation
import GRDB
import StoreFaults
import Synchronization
import Testing
import ViperStore

/// A schema of two steps, like an app's.
private let notes = [
    StoreMigration("notes v1") { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") },
    StoreMigration("notes v2") { db in try db.execute(sql: "CREATE INDEX note_on_text ON note(text)") },
]

private func noteCount(_ database: StoreDatabase) throws -> Int {
    try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") ?? 0 }
}

private func addNote(_ text: String, to database: StoreDatabase) throws {
    try database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [text]) }
}

struct StoreDatabaseTests {
    @Test func migrationsRunOnceInOrderAndAreRecorded() throws {
        let file = try StoreFile()
        try addNote("kept", to: StoreDatabase(path: file.path, migrations: notes))
        let reopened = try StoreDatabase(path: file.path, migrations: notes)
        #expect(try noteCount(reopened) == 1)
        let recorded = try reopened.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        #expect(recorded == ["notes v1", "notes v2"])
    }

    @Test func aNewStepRunsOnAFileTheEarlierStepsMade() throws {
        let file = try StoreFile()
        try addNote("kept", to: StoreDatabase(path: file.path, migrations: [notes[0]]))
        let upgraded = try StoreDatabase(path: file.path, migrations: notes)
        #expect(try noteCount(upgraded) == 1)
        let indexes = try upgraded.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") }
        #expect(indexes == ["note_on_text"])
    }

    @Test func eightEnginesStartingTogetherOnANewFileAllOpenIt() throws {
        // Each round is a new file, as the race is on the first migration.
        for _ in 1...10 {
            let file = try StoreFile()
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let start = ContinuousClock.now
                do {
                    _ = try StoreDatabase(path: file.path, migrations: notes)
                } catch {
                    failures.withLock { $0.append("\(error) after \(ContinuousClock.now - start)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
        }
    }

    @Test func aFileFromANewerVersionIsRefusedAndLeftAsItWas() throws {
        let file = try StoreFile()
        try addNote("from the future", to: StoreDatabase(path: file.path, migrations: notes))
        try file.markWrittenByANewerVersion(migration: "notes v3")
        let error = #expect(throws: StoreError.self) { try StoreDatabase(path: file.path, migrations: notes) }
        #expect(error?.isNewerVersion == true)
        #expect(error?.description.contains("newer version of viper") == true)
        #expect(error?.description.contains("notes v3") == true)
        // The newer engine still finds its data and its bookkeeping.
        try file.execute("DELETE FROM grdb_migrations WHERE identifier = 'notes v3'")
        #expect(try noteCount(StoreDatabase(path: file.path, migrations: notes)) == 1)
    }

    @Test func whatTheBodyThrowsPassesAsItIs() throws {
        struct Refusal: Error {}
        let database = try StoreDatabase.inMemory(migrations: notes)
        #expect(throws: Refusal.self) { try database.write { _ in throw Refusal() } }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithSQLitesReason() throws {
        let file = try StoreFile()
        try Data("not a database, just text that is long enough to look like a header".utf8).write(to: URL(fileURLWithPath: file.path))
        let error = #expect(throws: StoreError.self) { try StoreDatabase(path: file.path, migrations: notes) }
        #expect(error?.resultCode == .SQLITE_NOTADB)
        #expect(error?.description == "file is not a database")
    }

    @Test func twoMigrationsWithOneNameAreRefused() throws {
        #expect(throws: StoreError.self) { try StoreDatabase.inMemory(migrations: notes + [notes[0]]) }
    }

    @Test func aWriteWaitsForAnotherEnginesLockThenFailsWithSQLitesReason() throws {
        let file = try StoreFile()
        let database = try StoreDatabase(path: file.path, migrations: notes, busyTimeout: 0.2)
        let lock = try DatabaseLock(path: file.path)
        let error = #expect(throws: StoreError.self) { try addNote("blocked", to: database) }
        #expect(error?.resultCode == .SQLITE_BUSY)
        #expect(error?.description == "another program kept the database locked for more than 0.2 seconds")
        try lock.release()
        try addNote("after the lock", to: database)
        #expect(try noteCount(database) == 1)
    }

    @Test(arguments: [DiskFaults.Failure.ioError, .full])
    func aDiskThatFailsWritesFailsTheWriteAndKeepsWhatWasCommitted(failure: DiskFaults.Failure) throws {
        DiskFaults.install()
        let file = try StoreFile()
        let database = try StoreDatabase(path: file.path, migrations: notes)
        try addNote("before", to: database)
        DiskFaults.failWrites(to: file.path, with: failure)
        defer { DiskFaults.heal(file.path) }
        let error = #expect(throws: StoreError.self) { try addNote("lost", to: database) }
        #expect(error?.resultCode?.primaryResultCode == (failure == .full ? .SQLITE_FULL : .SQLITE_IOERR))
        #expect(error?.description == (failure == .full ? "database or disk is full" : "disk I/O error"))
        #expect(try noteCount(database) == 1)
        DiskFaults.heal(file.path)
        try addNote("after", to: database)
        try database.close()
        #expect(try noteCount(StoreDatabase(path: file.path, migrations: notes)) == 2)
    }

    @Test func closingLeavesOnlyTheDatabaseFile() throws {
        let file = try StoreFile()
        let database = try StoreDatabase(path: file.path, migrations: notes)
        try addNote("kept", to: database)
        #expect(file.files == ["viper.sqlite", "viper.sqlite-shm", "viper.sqlite-wal"])
        try database.close()
        #expect(file.files == ["viper.sqlite"])
        #expect(throws: StoreError.self) { try noteCount(database) }
    }

    @Test func everyCommitIsSyncedToDiskNotOnlyAtCheckpoints() throws {
        let file = try StoreFile()
        let database = try StoreDatabase(path: file.path, migrations: notes)
        // 2 is FULL. GRDB sets NORMAL (1) when it turns on write-ahead logging; FULL must win.
        #expect(try database.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
        #expect(try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }
}
