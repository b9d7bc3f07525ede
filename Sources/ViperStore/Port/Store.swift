/// Where an app keeps its data: the database of the session's workspace, as one `Store` per
/// session's app. Every app's data manager is written once against it, and runs on SQLite or
/// PostgreSQL alike (`StoreBackend`).
///
/// ```swift
/// let items = try await store.read { db in
///     try await db.query("SELECT id, title FROM todo WHERE due_day >= ?", first.description)
/// }
/// try await store.write { db in
///     try await db.execute("INSERT INTO todo (title, due_day) VALUES (?, ?)", title, day.description)
///     db.announce("todo")
/// }
/// ```
public struct Store: Sendable {
    private let backend: any StoreBackend
    /// Who this store's writes are from, so that its own changes are not heard again.
    public let origin: StoreOrigin

    /// A store on `backend` with an origin of its own.
    public init(_ backend: any StoreBackend) {
        self.backend = backend
        origin = .unique()
    }

    /// Which SQL the database speaks.
    public var dialect: StoreDialect { backend.dialect }

    /// Runs `body` in a transaction that sees one state of the database and writes nothing.
    /// SQLite's and the server's failures are thrown as `StoreError`s; what `body` throws
    /// otherwise passes as it is.
    public func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try Self.refuseNesting()
        return try await Self.$isInTransaction.withValue(true) { try await backend.read(body) }
    }

    /// The rows one statement gives (`?` for each of `arguments`): a read of one statement,
    /// as `read` would run it, without the transaction around it.
    public func query(_ sql: String, _ arguments: any StoreArgument...) async throws -> [StoreRow] {
        try Self.refuseNesting()
        return try await backend.query(sql, arguments.map(\.storeValue))
    }

    /// Runs `body` in a transaction that is committed, and durable, when this returns; nothing
    /// of it is kept when `body` throws.
    public func write<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try Self.refuseNesting()
        return try await Self.$isInTransaction.withValue(true) { try await backend.write(origin: origin, body) }
    }

    /// Whether the current task is in a transaction's body. A transaction started there would
    /// wait for the first to end (SQLite's one connection), or see none of its writes (another
    /// of PostgreSQL's), so it is refused.
    @TaskLocal private static var isInTransaction = false

    private static func refuseNesting() throws(StoreError) {
        if isInTransaction {
            throw .misuse("a transaction was started inside another; start it after the first returns")
        }
    }

    /// The changes to `topics` that others commit from now on (other sessions, here or on
    /// another process, and servers on the same database), until the iterating task is
    /// cancelled: what a scene that shows shared data listens to, to show it anew.
    ///
    /// At most one change waits while the listener is busy: a scene that loads again reads
    /// everything committed by then, so the changes that came meanwhile need one more load, not
    /// one each (a hundred sessions saving at once would otherwise make each list load a
    /// hundred times).
    public func changes(of topics: Set<String>) -> AsyncStream<StoreChange> {
        let origin = origin
        return backend.changes(where: { change in
            change.origin != origin && (topics.contains(change.topic) || change.topic == StoreChange.everything)
        }, keepingNewest: 1)
    }
}
