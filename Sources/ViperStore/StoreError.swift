public import GRDB

/// Why a store's database failed, in words a user reads: the message an app shows when it
/// cannot load or save ("disk I/O error", "the database is full"), without SQL or error numbers.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    private enum Code: Equatable {
        case newerVersion, duplicateMigration, sqlite
    }

    private let code: Code
    public let description: String
    /// SQLite's result code, when SQLite failed.
    public let resultCode: ResultCode?

    private init(_ code: Code, _ description: String, resultCode: ResultCode? = nil) {
        self.code = code
        self.description = description
        self.resultCode = resultCode
    }

    /// The file records migrations this engine does not know: a newer engine wrote it.
    static func newerVersion(path: String, unknownMigrations: [String]) -> StoreError {
        StoreError(
            .newerVersion,
            "the database at \(path) was written by a newer version of viper (it has migrations this version does not know: \(unknownMigrations.joined(separator: ", "))); open it with that version")
    }

    /// Two stores declared a migration with the same identifier.
    static func duplicateMigration(_ identifier: String) -> StoreError {
        StoreError(.duplicateMigration, "two migrations are named '\(identifier)'; every migration of a database file needs a name of its own")
    }

    /// SQLite failed; `busyTimeout` is how long a write waited for another connection's lock.
    static func sqlite(_ error: DatabaseError, busyTimeout: Double) -> StoreError {
        let reason: String
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            let seconds = busyTimeout.rounded() == busyTimeout ? String(Int(busyTimeout)) : String(busyTimeout)
            reason = "another program kept the database locked for more than \(seconds) seconds"
        default:
            reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return StoreError(.sqlite, reason, resultCode: error.resultCode)
    }

    /// Whether the file was written by a newer version of the engine.
    public var isNewerVersion: Bool { code == .newerVersion }
}
