/// Why a store failed, in words a user reads: the message an app shows when it cannot load or
/// save ("disk I/O error", "the database server at db.example:5432 cannot be reached"), without
/// SQL, error numbers or a password.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    private enum Code: Equatable {
        case newerVersion, duplicateMigration, sqlite, server, unavailable, unreadable, misuse
    }

    private let code: Code
    public let description: String
    /// SQLite's extended result code, when SQLite failed (`SQLITE_BUSY` is 5).
    public let sqliteResultCode: Int32?

    private init(_ code: Code, _ description: String, sqliteResultCode: Int32? = nil) {
        self.code = code
        self.description = description
        self.sqliteResultCode = sqliteResultCode
    }

    /// The database records migrations this engine does not know: a newer engine wrote it.
    package static func newerVersion(of database: String, unknownMigrations: [String]) -> StoreError {
        StoreError(
            .newerVersion,
            "the database \(database) was written by a newer version of viper (it has migrations this version does not know: \(unknownMigrations.joined(separator: ", "))); open it with that version")
    }

    /// Two stores declared a migration with the same identifier.
    package static func duplicateMigration(_ identifier: String) -> StoreError {
        StoreError(.duplicateMigration, "two migrations are named '\(identifier)'; every migration of a database needs a name of its own")
    }

    /// SQLite failed with `resultCode`, saying `reason`.
    package static func sqlite(_ reason: String, resultCode: Int32) -> StoreError {
        StoreError(.sqlite, reason, sqliteResultCode: resultCode)
    }

    /// The database server refused a statement, saying `reason`.
    package static func server(_ reason: String) -> StoreError {
        StoreError(.server, reason)
    }

    /// The database cannot be reached now, for `reason` (the server down, the network lost): a
    /// later try may work.
    package static func unavailable(_ reason: String) -> StoreError {
        StoreError(.unavailable, reason)
    }

    /// A row holds something the app cannot read.
    package static func unreadable(_ reason: String) -> StoreError {
        StoreError(.unreadable, reason)
    }

    /// The column `column` holds `found` where the app reads `expected`.
    package static func unreadable(column: String, found: StoreValue, expected: String) -> StoreError {
        unreadable(found == .null ? "a row has no \(column) (NULL)" : "a row's \(column) is \(found), not \(expected)")
    }

    /// The store was used in a way it cannot be: closed, or entered again from inside a transaction.
    package static func misuse(_ reason: String) -> StoreError {
        StoreError(.misuse, reason)
    }

    /// Whether the database was written by a newer version of the engine.
    public var isNewerVersion: Bool { code == .newerVersion }

    /// Whether the database could not be reached, so that trying again later may work.
    public var isUnavailable: Bool { code == .unavailable }
}
