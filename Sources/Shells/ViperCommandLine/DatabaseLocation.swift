import Foundation
import ViperCore
import ViperStore

/// Where the apps keep their data: the `--db` argument, or the XDG data directory; or, with
/// `serve --database`, a PostgreSQL database that many processes share.
package enum DatabaseLocation: Equatable {
    case memory
    case file(String)
    case postgres(PostgresLocation)

    /// Resolves `--db`; without it, `$XDG_DATA_HOME/NAME/NAME.sqlite`, else
    /// `~/.local/share/NAME/NAME.sqlite` (what `viper serve` keeps by default), where `name` is
    /// the command's.
    init(argument: String?, environment: [String: String], name: String) throws {
        if let argument {
            self.init(argument: argument)
        } else if let path = XDGDirectory.data.path(of: "\(name)/\(name).sqlite", environment: environment) {
            self = .file(path)
        } else {
            throw DatabaseLocationError(
                "cannot find a place for the database: neither XDG_DATA_HOME nor HOME is set. Pass --db PATH, or --db :memory: to keep nothing.")
        }
    }

    /// Resolves `--db`, keeping nothing (`:memory:`) without it, as the REPL does.
    package init(argument: String?) {
        self = argument.map { $0 == ":memory:" ? .memory : .file($0) } ?? .memory
    }

    /// The file, when the data is kept in one.
    var file: String? {
        if case .file(let path) = self { path } else { nil }
    }

    /// `serve`'s `--db` and `--database` (or `VIPER_DATABASE_URL` when neither is given): a
    /// PostgreSQL database, or as `init(argument:environment:name:)` says. A URL without a
    /// password takes the one libpq would: `PGPASSWORD`, else the first matching line of the
    /// password file (`PGPASSFILE`, else `~/.pgpass`). `warnings` says what a user should change:
    /// a password given on the command line, which every user of the machine can read (`ps`), or
    /// a password file others may read, which is ignored, as libpq ignores it.
    init(file: String?, database url: String?, environment: [String: String], name: String, warnings: inout [String]) throws {
        if file != nil, url != nil {
            throw DatabaseLocationError("--db and --database name two databases; pass one: --db for a SQLite file, --database for PostgreSQL.")
        }
        let fromEnvironment = url == nil && file == nil
        if let url = url ?? (fromEnvironment ? environment["VIPER_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil) {
            var location: PostgresLocation
            do {
                location = try PostgresLocation(url: url)
            } catch {
                throw DatabaseLocationError("\(error)\(fromEnvironment ? " (VIPER_DATABASE_URL)" : "").")
            }
            if location.password != nil, !fromEnvironment {
                warnings.append(
                    "the password in --database is visible to every user of this machine (ps, /proc/PID/cmdline); leave it out of the URL and give it in PGPASSWORD, in a password file (~/.pgpass, or PGPASSFILE), or the whole URL in VIPER_DATABASE_URL")
            }
            if location.password == nil {
                location = location.with(password: Self.password(for: location, environment: environment, warnings: &warnings))
            }
            self = .postgres(location)
        } else {
            try self.init(argument: file, environment: environment, name: name)
        }
    }

    /// The password libpq would use for `location`, whose URL has none.
    private static func password(for location: PostgresLocation, environment: [String: String], warnings: inout [String]) -> String? {
        if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
        let path = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"].map { $0 + "/.pgpass" }
        guard let path, let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o077 != 0 {
            warnings.append("the password file \(path) may be read by others, and is ignored; make it the user's alone: chmod 600 \(path)")
            return nil
        }
        return PostgresPassfile.password(for: location, in: contents)
    }

    /// Where `workspace` keeps its data: the default workspace here, any other in a file beside
    /// this one named after it (`viper.sqlite` → `viper.alice.sqlite`), or in a database in
    /// memory of its own. On PostgreSQL, every workspace is a schema of the one database.
    func of(_ workspace: Workspace) -> DatabaseLocation {
        guard case .file(let path) = self, workspace != .default else { return self }
        let url = URL(fileURLWithPath: path)
        let suffix = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
        return .file(url.deletingPathExtension().path + ".\(workspace.name)" + suffix)
    }

    /// Whether the file here, or its `-wal` or `-shm` beside it, is anything but a regular file
    /// or missing (a symbolic link someone planted, say): a workspace's file, named after what a
    /// client sent, is never opened through one.
    var isPlanted: Bool {
        guard case .file(let path) = self else { return false }
        return [path, path + "-wal", path + "-shm"].contains { file in
            var status = stat()
            return lstat(file, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
        }
    }

    /// Opens the database here with `migrations` run, creating the file's folder when needed.
    package func open(migrations: [StoreMigration]) throws -> any StoreBackend {
        switch self {
        case .postgres(let location):
            throw DatabaseLocationError("the PostgreSQL database \(location) is opened with AppResources.prepare(), not as a file")
        case .memory:
            return try SQLiteStore.inMemory(migrations: migrations)
        case .file(let path):
            try Self.makeFolder(of: path)
            do {
                return try SQLiteStore(path: path, migrations: migrations)
            } catch where error.isNewerVersion {
                throw DatabaseLocationError("\(error), or pass --db with another path, or --db :memory: to keep nothing.")
            } catch {
                throw DatabaseLocationError(
                    "cannot open the database at \(path): \(error). Pass --db with a writable path, or --db :memory: to keep nothing.")
            }
        }
    }
}

extension DatabaseLocation {
    /// Makes the folder of the database file at `path`, with its parents, or says in the user's
    /// terms why it cannot: Foundation's own error names its domain and codes.
    private static func makeFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // Readable by its owner alone: it holds the apps' data, accounts among them.
        if let reason = UserFiles.makeFolder(folder, permissions: 0o700) {
            throw DatabaseLocationError(
                "cannot make the folder \(folder.path) for the database at \(path): \(reason). Pass --db with a writable path, or --db :memory: to keep nothing.")
        }
    }
}

/// Why the engine could not open its database; ArgumentParser prints it and exits 1.
struct DatabaseLocationError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
