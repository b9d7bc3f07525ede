import Foundation
import TodoApp

/// Where the apps keep their data: the `--db` argument, or the XDG data directory.
enum DatabaseLocation: Equatable {
    case memory
    case file(String)

    /// Resolves `--db`; without it, `$XDG_DATA_HOME/viper/viper.sqlite` when that variable holds an
    /// absolute path (as the XDG spec asks), else `~/.local/share/viper/viper.sqlite`.
    init(argument: String?, environment: [String: String]) throws {
        if let argument {
            self = argument == ":memory:" ? .memory : .file(argument)
            return
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            self = .file(dataHome + "/viper/viper.sqlite")
        } else if let home = environment["HOME"], !home.isEmpty {
            self = .file(home + "/.local/share/viper/viper.sqlite")
        } else {
            throw DatabaseLocationError(
                "cannot find a place for the database: neither XDG_DATA_HOME nor HOME is set. Pass --db PATH, or --db :memory: to keep nothing.")
        }
    }

    /// Opens the ToDo store here, creating the file's folder when needed.
    func openTodoStore() throws -> SQLiteTodoStore {
        switch self {
        case .memory:
            return try SQLiteTodoStore.inMemory()
        case .file(let path):
            do {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return try SQLiteTodoStore(path: path)
            } catch {
                throw DatabaseLocationError(
                    "cannot open the database at \(path): \(error). Pass --db with a writable path, or --db :memory: to keep nothing.")
            }
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
