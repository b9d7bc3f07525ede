import Foundation

/// The folder a client is generated into.
package struct ClientFolder {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// Writes `files`, making the folders they need; files already there are replaced whole.
    package func write(_ files: [GeneratedFile]) throws(TypegenError) {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw .cannotWrite(url.path, error.localizedDescription)
            }
        }
    }

    /// What in the folder is not `files`: each file missing or different, by path. Files of
    /// the folder's own beside them are left alone.
    package func differences(from files: [GeneratedFile]) -> [String] {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        return files.compactMap { file in
            let url = folder.appendingPathComponent(file.path)
            guard let data = FileManager.default.contents(atPath: url.path) else { return "\(file.path) is missing" }
            return data == Data(file.contents.utf8) ? nil : "\(file.path) differs"
        }
    }
}
