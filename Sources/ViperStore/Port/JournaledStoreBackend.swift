import Synchronization

/// A session's database, journaled: each transaction's statements and what they gave are kept
/// in the session's journal (`StoreJournal`); while the session is rebuilt from that journal,
/// transactions are answered from it and never reach the database. The second run of a request
/// then reads what the first read, and writes nothing: its writes were made the first time.
public struct JournaledStoreBackend: StoreBackend {
    private let base: any StoreBackend
    private let journal: any StoreJournal

    /// `base`, journaled in `journal`.
    public init(_ base: any StoreBackend, journal: any StoreJournal) {
        self.base = base
        self.journal = journal
    }

    public var dialect: StoreDialect { base.dialect }

    public func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        if journal.isReplaying { return try await replay(body) }
        guard journal.isRecording else { return try await base.read(body) }
        return try await record { transaction in try await base.read { try await body(transaction.wrapping($0)) } }
    }

    public func query(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        guard journal.isRecording || journal.isReplaying else { return try await base.query(sql, arguments) }
        return try await read { db in try await db.query(sql, arguments) }
    }

    public func write<Value: Sendable>(origin: StoreOrigin, _ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        if journal.isReplaying { return try await replay(writing: origin, body) }
        guard journal.isRecording else { return try await base.write(origin: origin, body) }
        // The receipt commits with the write, or not at all.
        return try await record { statements in
            try await base.write(origin: origin) { transaction in
                let value = try await body(statements.wrapping(transaction))
                try await journal.writeReceipt(of: JournaledTransaction(statements: statements.taken), in: transaction)
                return value
            }
        }
    }

    public func writeStatement(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await write(origin: .unique()) { db in try await db.query(sql, arguments) }
    }

    public func changes(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange> {
        base.changes(where: wants, keepingNewest: buffered)
    }

    public func close() async throws {
        try await base.close()
    }

    /// Runs `perform` with a recorder of its statements, and journals them with how it ended.
    /// A transaction whose body threw something else than a store's error is journaled too: a
    /// replay runs the same body, which throws the same.
    private func record<Value: Sendable>(_ perform: (RecordedStatements) async throws -> Value) async throws -> Value {
        let statements = RecordedStatements()
        do {
            let value = try await perform(statements)
            await journal.record(JournaledTransaction(statements: statements.taken))
            return value
        } catch let error as StoreError {
            // A statement's own error is in its outcome; one that came after them, the commit's.
            let failedStatement = statements.taken.last.map { if case .failure = $0.outcome { true } else { false } } ?? false
            await journal.record(JournaledTransaction(statements: statements.taken, failure: failedStatement ? nil : error))
            throw error
        } catch {
            await journal.record(JournaledTransaction(statements: statements.taken))
            throw error
        }
    }

    /// Runs `body` on what the journal kept of the transaction, touching no database. A
    /// transaction it kept nothing of (background work's) reads the database as it is now, and
    /// what it writes is rolled back: it was written the first time.
    private func replay<Value: Sendable>(
        writing origin: StoreOrigin? = nil, _ body: (any StoreTransaction) async throws -> Value
    ) async throws -> Value {
        guard let kept = await journal.replayedTransaction() else {
            guard let origin else { return try await base.read(body) }
            do {
                _ = try await base.write(origin: origin) { transaction -> Value in throw RolledBack(value: try await body(transaction)) }
            } catch let rolledBack as RolledBack<Value> {
                return rolledBack.value
            }
            preconditionFailure("a write whose body always throws returned")
        }
        let value = try await body(ReplayedTransaction(dialect: base.dialect, statements: kept.statements))
        if let failure = kept.failure { throw failure }
        return value
    }

    /// How a rolled-back write's value leaves it: a body that throws changes nothing.
    private struct RolledBack<Value: Sendable>: Error {
        let value: Value
    }
}

/// The statements of a transaction being journaled, as they run.
private final class RecordedStatements: Sendable {
    private let statements = Mutex<[JournaledTransaction.Statement]>([])

    var taken: [JournaledTransaction.Statement] { statements.withLock { $0 } }

    func wrapping(_ transaction: any StoreTransaction) -> any StoreTransaction {
        RecordingTransaction(base: transaction, recorded: self)
    }

    func append(_ statement: JournaledTransaction.Statement) {
        statements.withLock { $0.append(statement) }
    }
}

/// A transaction whose statements are kept, with what they gave.
private struct RecordingTransaction: StoreTransaction {
    let base: any StoreTransaction
    let recorded: RecordedStatements

    var dialect: StoreDialect { base.dialect }

    func query(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) -> [StoreRow] {
        do {
            let rows = try await base.query(sql, arguments)
            recorded.append(.init(sql: sql, outcome: .success(rows)))
            return rows
        } catch {
            recorded.append(.init(sql: sql, outcome: .failure(error)))
            throw error
        }
    }

    func execute(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) {
        do {
            try await base.execute(sql, arguments)
            recorded.append(.init(sql: sql, outcome: .success([])))
        } catch {
            recorded.append(.init(sql: sql, outcome: .failure(error)))
            throw error
        }
    }

    func serialize(on key: String) async throws(StoreError) {
        try await base.serialize(on: key)
    }

    func announce(_ topic: String) {
        base.announce(topic)
    }
}

/// A transaction answered from the journal: each statement gets what the same statement got
/// the first time, in order.
private final class ReplayedTransaction: StoreTransaction, @unchecked Sendable {
    let dialect: StoreDialect
    // A transaction is its body's alone, on one task (`StoreTransaction`).
    private var statements: ArraySlice<JournaledTransaction.Statement>

    init(dialect: StoreDialect, statements: [JournaledTransaction.Statement]) {
        self.dialect = dialect
        self.statements = statements[...]
    }

    func query(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) -> [StoreRow] {
        try next(sql).get()
    }

    func execute(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) {
        _ = try next(sql).get()
    }

    func serialize(on key: String) async throws(StoreError) {}

    func announce(_ topic: String) {}

    private func next(_ sql: String) -> Result<[StoreRow], StoreError> {
        guard let statement = statements.popFirst() else {
            return .failure(.unavailable("the session's journal has fewer statements for this transaction than the replay runs"))
        }
        guard statement.sql == sql else {
            return .failure(.unavailable("the replay runs another statement than the session's journal kept"))
        }
        return statement.outcome
    }
}
