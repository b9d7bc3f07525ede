/// One value a statement takes or a row holds, in the types both back-ends share: SQLite's
/// storage classes, which PostgreSQL's `BIGINT`, `DOUBLE PRECISION`, `TEXT` and `BYTEA` map to.
public enum StoreValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bytes a column held that are not text: only a file another tool wrote has them here.
    case bytes([UInt8])
}

extension StoreValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .bytes(let value): "\(value.count) bytes"
        }
    }
}
