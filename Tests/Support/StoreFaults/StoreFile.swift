import Foundation
import GRDB

/// A database file in a folder of its own, removed with this object, and the ways tests damage it.
public final class StoreFile: Sendable {
    /// The folder, which holds nothing else.
    public let folder: String
    /// The database file's path.
    public let path: String

    /// A path for a database that does not exist yet.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("viper-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/viper.sqlite"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `sql` on the file with a connection of its own, as another tool would.
    public func execute(_ sql: String, arguments: StatementArguments = []) throws {
        let connection = try DatabaseQueue(path: path)
        try connection.writeWithoutTransaction { db in try db.execute(sql: sql, arguments: arguments) }
        try connection.close()
    }

    /// Records a migration this engine does not know, as a newer engine would have.
    public func markWrittenByANewerVersion(migration: String = "v99: from a newer viper") throws {
        try execute(
            "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES (?)",
            arguments: [migration])
    }

    /// The files in the folder, sorted: the database, and its `-wal` and `-shm` while it is open.
    public var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
