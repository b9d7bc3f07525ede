import ViperStore

/// A workspace's database as one app of one session holds it: the database itself, counted
/// while the lease lives, so that `WorkspaceDatabases` closes a database no session holds.
final class WorkspaceLease: StoreBackend {
    private let base: any StoreBackend
    private let release: @Sendable () -> Void

    init(_ base: any StoreBackend, release: @escaping @Sendable () -> Void) {
        self.base = base
        self.release = release
    }

    deinit {
        release()
    }

    var dialect: StoreDialect { base.dialect }

    func read<Value: Sendable>(_ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try await base.read(body)
    }

    func query(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await base.query(sql, arguments)
    }

    func write<Value: Sendable>(origin: StoreOrigin, _ body: (any StoreTransaction) async throws -> Value) async throws -> Value {
        try await base.write(origin: origin, body)
    }

    func writeStatement(_ sql: String, _ arguments: [StoreValue]) async throws -> [StoreRow] {
        try await base.writeStatement(sql, arguments)
    }

    func changes(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange> {
        base.changes(where: wants, keepingNewest: buffered)
    }

    /// The database outlives one session's hold on it: `WorkspaceDatabases` closes it.
    func close() async throws {}
}
