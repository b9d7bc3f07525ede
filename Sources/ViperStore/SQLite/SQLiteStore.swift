import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite database that keeps a workspace's data: one file shared by every app and session
/// of an engine (and by other engines on the same machine), or a database in memory that
/// disappears with it. It is the default back-end of `Store`.
///
/// Beyond `StoreBackend`'s promises:
/// - **Durable.** Write-ahead logging with `synchronous = FULL`: a write is on disk, not only in
///   the operating system's cache, before `write` returns, so it survives the engine being
///   killed and the machine losing power right after the client got its response.
/// - **Migrated under the write lock**, so engines starting together on a new file never race
///   (`SQLiteSchema`); a file from a newer engine is refused, not damaged.
/// - **Patient with other engines**: a write waits up to `busyTimeout` for another engine's lock.
/// - **Tidy**: `close()` checkpoints the log, so a clean exit leaves no `-wal` and `-shm` files.
/// - **Heard in this process**: the changes a write announces reach the streams of this object
///   (`changes(where:keepingNewest:)`); another engine on the same file does not hear of them.
public final class SQLiteStore: StoreBackend {
    private let queue: DatabaseQueue
    private let busyTimeout: Double
    /// GRDB's own check does not cover every access: reading a closed queue crashed in SQLite.
    private let isClosed = Atomic<Bool>(false)
    /// One transaction at a time on the one connection, and writers that join one.
    let gate = TransactionGate()
    private let feed = StoreChangeFeed()
    /// How many write transactions committed, for the tests of group commit.
    let commits = Atomic<Int>(0)

    public var dialect: StoreDialect { .sqlite }

    /// Opens (creating it if needed) the database file at `path` and runs the `migrations` it
    /// has not run yet. A write waits at most `busyTimeout` seconds for another connection's lock.
    /// Throws `StoreError` when the file cannot be opened or migrated.
    ///
    /// A file it makes is readable and writable by its owner alone (0600), whatever the umask:
    /// it holds the apps' data, accounts among them; SQLite gives its `-wal` and `-shm` files the
    /// same permissions.
    public convenience init(path: String, migrations: [StoreMigration], busyTimeout: Double = 5) throws(StoreError) {
        makeOwnersOnlyFile(at: path)
        try self.init(busyTimeout: busyTimeout, migrations: migrations) { configuration in
            try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// A database in memory, with `migrations` run, that disappears with this object.
    public static func inMemory(migrations: [StoreMigration]) throws(StoreError) -> SQLiteStore {
        try SQLiteStore(busyTimeout: 0, migrations: migrations) { configuration in try DatabaseQueue(configuration: configuration) }
    }

    private init(busyTimeout: Double, migrations: [StoreMigration], open: (Configuration) throws -> DatabaseQueue) throws(StoreError) {
        self.busyTimeout = busyTimeout
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(busyTimeout)
        // A transaction here spans several of GRDB's accesses (a body awaits between its
        // statements); `gate` keeps every other access out meanwhile.
        configuration.allowsUnsafeTransactions = true
        let schema = try SQLiteSchema(migrations)
        do {
            queue = try Self.retryingWhileBusy(for: busyTimeout) {
                let queue = try open(configuration)
                // Set here, not in `prepareDatabase`: GRDB runs `PRAGMA synchronous = NORMAL`
                // when it turns write-ahead logging on, after the configuration's own
                // statements, and NORMAL syncs the log only at checkpoints, so saves were not on
                // disk when a write returned (a run of 200 saves made 4 fdatasync calls;
                // BENCHMARKS.md).
                try queue.inDatabase { db in
                    try db.execute(sql: "PRAGMA synchronous = FULL")
                    try schema.migrate(db, path: queue.path)
                }
                return queue
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw Self.storeError(error, busyTimeout: busyTimeout)
        } catch {
            throw Self.storeError(DatabaseError(message: "\(error)"), busyTimeout: busyTimeout)
        }
    }

    /// Runs `open` again while it fails with `SQLITE_BUSY`, for at most `timeout` seconds.
    ///
    /// SQLite's busy handler covers waiting for a lock in a statement, but not every step of
    /// opening a new file: `PRAGMA journal_mode = WAL`, which GRDB runs on opening, fails at once
    /// with "database is locked" when another connection is turning the same new file to WAL.
    /// Eight connections opening one new file together hit it about once in twenty tries. Another
    /// connection closing the file can also delete the `-wal` file as GRDB checks it (`isVanishedLog`).
    private static func retryingWhileBusy(for timeout: Double, _ open: () throws -> DatabaseQueue) throws -> DatabaseQueue {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            do {
                return try open()
            } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                usleep(UInt32.random(in: 2_000...20_000))
            } catch let error as NSError where Self.isVanishedLog(error) && ContinuousClock.now < deadline {
                usleep(UInt32.random(in: 2_000...20_000))
            }
        }
    }

    /// Whether `error` says the `-wal` file was gone: GRDB, turning WAL on, reads the size of
    /// the log it has just seen exist, and another connection closing the same file can delete
    /// the log in between (seen once in a full test run, in the eight-engine test).
    private static func isVanishedLog(_ error: NSError) -> Bool {
        guard error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileReadNoSuchFile.rawValue else { return false }
        let path = error.userInfo[NSFilePathErrorKey] as? String
        return path?.hasSuffix("-wal") ?? true
    }

    public func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        _ = await gate.enter(writing: false)
        defer { gate.leave() }
        try checkOpen()
        try access { db in try db.execute(sql: "BEGIN DEFERRED") }
        do {
            let value = try await body(SQLiteTransaction(store: self))
            try access { db in try db.execute(sql: "COMMIT") }
            return value
        } catch {
            rollBack()
            throw error
        }
    }

    /// A write commits alone, or with the writers that were waiting when its statements were
    /// done (group commit): they join its transaction, each in a savepoint so that one that
    /// throws takes back only its own statements, and one `COMMIT` makes all of them durable.
    /// Each returns once that commit is done, so a save is on disk before it is answered. With
    /// a hundred sessions saving at once, SQLite syncs its log once for many saves instead of
    /// once each (BENCHMARKS.md).
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at once: a deferred transaction that read first
    /// could not take it later while another engine wrote, and would fail instead of waiting.
    public func write<Value: Sendable>(origin: StoreOrigin, _ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        switch await gate.enter(writing: true) {
        case .joined(let batch):
            let result = await inSavepoint(origin: origin, batch: batch, body)
            if let failure = await batch.memberFinished() { throw failure }
            return try result.get()
        case .alone:
            defer { gate.leave() }
            try checkOpen()
            try access { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            let batch = GroupCommit()
            let result = await inSavepoint(origin: origin, batch: batch, body)
            var lost = isTransactionLost(after: { if case .failure(let error) = result { error } else { nil } }())
            while lost == nil, batch.members < Self.largestBatch, gate.nextJoiner(of: batch) {
                await batch.waitForMember()
                lost = isTransactionLost(after: nil)
            }
            do {
                if let lost { throw lost }
                try access { db in try db.execute(sql: "COMMIT") }
            } catch let failure as StoreError {
                rollBack()
                batch.finish(failure)
                throw failure
            }
            batch.finish(nil)
            commits.add(1, ordering: .relaxed)
            for change in batch.announced { feed.publish(change) }
            return try result.get()
        }
    }

    /// The most writers one transaction takes, its leader included: a bound on how long the
    /// first of them waits for the others.
    static let largestBatch = 64

    public func changes(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange> {
        feed.subscribe(where: wants, keepingNewest: buffered)
    }

    /// How many of the streams `changes(where:keepingNewest:)` gave out are still open.
    package var openChangeStreams: Int {
        feed.listenerCount
    }

    /// Runs `body` in a savepoint of the open write transaction: its statements are kept when it
    /// returns, taken back when it throws, and its announced changes noted in `batch` for after
    /// the commit.
    ///
    /// Each statement is one of GRDB's synchronous accesses, which runs on the calling thread
    /// when the database is idle, as it is between one request and the next. Its asynchronous
    /// ones hop to GRDB's queue and back, waking a sleeping thread each way: 1,500 futex calls
    /// for 200 saves, which made a durable save take more than twice as long as SQLite's own
    /// (BENCHMARKS.md).
    private func inSavepoint<Value>(
        origin: StoreOrigin, batch: GroupCommit, _ body: (any StoreTransaction) async throws -> Value
    ) async -> Result<Value, any Error> {
        do {
            try access { db in try db.execute(sql: "SAVEPOINT viper_write") }
        } catch {
            return .failure(error)
        }
        let transaction = SQLiteTransaction(store: self)
        do {
            let value = try await body(transaction)
            try access { db in try db.execute(sql: "RELEASE viper_write") }
            batch.keep(transaction.announced.map { StoreChange(topic: $0, origin: origin) })
            return .success(value)
        } catch {
            try? access { db in
                guard db.isInsideTransaction else { return }
                try db.execute(sql: "ROLLBACK TO viper_write")
                try db.execute(sql: "RELEASE viper_write")
            }
            return .failure(error)
        }
    }

    /// Why the open write transaction is gone, if SQLite rolled it back itself (a full disk, an
    /// I/O error): then nothing of it commits, and none of its writers may say it saved.
    private func isTransactionLost(after failure: (any Error)?) -> StoreError? {
        let isOpen = (try? access { db in db.isInsideTransaction }) ?? false
        if isOpen { return nil }
        if let failure = failure as? StoreError { return failure }
        return .sqlite("the transaction was rolled back by SQLite", resultCode: ResultCode.SQLITE_ABORT.rawValue)
    }

    private func rollBack() {
        try? access { db in if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") } }
    }

    /// Runs `body` on the connection, with SQLite's failures as `StoreError`s.
    func access<Value>(_ body: (Database) throws -> Value) throws(StoreError) -> Value {
        do {
            return try queue.inDatabase(body)
        } catch let error as DatabaseError {
            throw Self.storeError(error, busyTimeout: busyTimeout)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(DatabaseError(message: "\(error)"), busyTimeout: busyTimeout)
        }
    }

    /// Checkpoints the write-ahead log into the file and closes the connection; SQLite then
    /// removes the `-wal` and `-shm` files, as the `sqlite3` shell does when it exits. Call it
    /// once the sessions are done: later reads and writes throw.
    public func close() throws {
        isClosed.store(true, ordering: .sequentiallyConsistent)
        feed.finish()
        try queue.close()
    }

    private func checkOpen() throws(StoreError) {
        if isClosed.load(ordering: .sequentiallyConsistent) {
            throw StoreError.sqlite("the database at \(queue.path) is closed", resultCode: ResultCode.SQLITE_MISUSE.rawValue)
        }
    }

    /// `error` in a user's words; `busyTimeout` is how long a write waited for another
    /// connection's lock.
    static func storeError(_ error: DatabaseError, busyTimeout: Double) -> StoreError {
        let reason: String
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            let seconds = busyTimeout.rounded() == busyTimeout ? String(Int(busyTimeout)) : String(busyTimeout)
            reason = "another program kept the database locked for more than \(seconds) seconds"
        default:
            reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return .sqlite(reason, resultCode: error.extendedResultCode.rawValue)
    }
}

/// Makes an empty file at `path`, readable and writable by its owner alone, unless something is
/// there already. Never atomically: a replaced file would pull the database from under another
/// engine opening it at the same moment.
private func makeOwnersOnlyFile(at path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
}
