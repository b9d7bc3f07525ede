import Logging
import NIOCore
import PostgresNIO
import ViperStore

/// A transaction of a `PostgresStore` on one connection of the pool: each statement a round
/// trip, its `?`s numbered for PostgreSQL, its values bound, never spliced into the SQL.
final class PostgresTransaction: StoreTransaction {
    private let connection: PostgresConnection
    private let schema: String
    private let location: PostgresLocation
    private let logger: Logger
    /// What the body announced, notified in the transaction, so delivered once it commits.
    private(set) var announced: [String] = []

    init(connection: PostgresConnection, schema: String, location: PostgresLocation, logger: Logger) {
        self.connection = connection
        self.schema = schema
        self.location = location
        self.logger = logger
    }

    var dialect: StoreDialect { .postgresql }

    func query(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) -> [StoreRow] {
        do {
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: PostgresSQL.numbered(sql), binds: PostgresConnections.binds(arguments)), logger: logger)
            var result: [StoreRow] = []
            var columns: StoreColumns?
            for try await row in rows {
                let cells = Array(row)
                let names = columns ?? StoreColumns(cells.map(\.columnName))
                columns = names
                result.append(StoreRow(values: try cells.map(Self.value), columns: names))
            }
            return result
        } catch {
            throw StoreError.postgres(error, at: location)
        }
    }

    func execute(_ sql: String, _ arguments: [StoreValue]) async throws(StoreError) {
        _ = try await query(sql, arguments)
    }

    /// A lock of the transaction, keyed by the workspace's schema and `key`, which every process
    /// on the database honours; PostgreSQL lets it go at commit or rollback.
    func serialize(on key: String) async throws(StoreError) {
        try await execute("SELECT pg_advisory_xact_lock(hashtext(?))", [.text("\(schema)/\(key)")])
    }

    func announce(_ topic: String) {
        if !announced.contains(topic) { announced.append(topic) }
    }

    /// The value `cell` holds, in the port's terms.
    private static func value(_ cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8:
            return .integer(try cell.decode(Int64.self))
        case .float4, .float8:
            return .real(try cell.decode(Double.self))
        case .bool:
            return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea:
            return .bytes(Array(buffer: try cell.decode(ByteBuffer.self)))
        default:
            return .text(try cell.decode(String.self))
        }
    }
}
