/// A transaction a `Store` runs a body in: the body's statements, and what it changed for
/// others to hear of once it commits.
///
/// SQL is written once for both back-ends: `?` for each value, and the common words (see
/// `StoreDialect` for those that differ, in migrations). A transaction is the body's alone:
/// it must not be kept after the body returns, nor handed to another task.
public protocol StoreTransaction {
    /// Which SQL the database speaks, for a statement whose words differ.
    var dialect: StoreDialect { get }

    /// The rows `sql` gives with `arguments` in place of its `?`s.
    func query(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) -> [StoreRow]

    /// Runs `sql` with `arguments`, for what it changes.
    func execute(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError)

    /// Waits until no other writer, on any process, holds `key`, and holds it until this
    /// transaction ends: for a rule that reads before it writes (seats left before a booking),
    /// which the database would otherwise check against rows that another writer is changing.
    func serialize(on key: String) async throws(StoreError)

    /// Says that this transaction changed what `topic` names (`todo`): once it commits, every
    /// other `Store` of the workspace, on any process, hears of it (`Store.changes(of:)`).
    func announce(_ topic: String)
}

extension StoreTransaction {
    /// The rows `sql` gives with `arguments` in place of its `?`s.
    public func query(_ sql: String, _ arguments: any StoreArgument...) async throws(StoreError) -> [StoreRow] {
        try await query(sql, arguments.map(\.storeValue))
    }

    /// The first row `sql` gives with `arguments`, if it gives any.
    public func row(_ sql: String, _ arguments: any StoreArgument...) async throws(StoreError) -> StoreRow? {
        try await query(sql, arguments.map(\.storeValue)).first
    }

    /// Runs `sql` with `arguments`, for what it changes.
    public func execute(_ sql: String, _ arguments: any StoreArgument...) async throws(StoreError) {
        try await execute(sql, arguments.map(\.storeValue))
    }
}
