import Foundation

/// Files to write into a folder all together or not at all: each is written into a staging
/// folder first, then moved into place; if a move fails, what was moved is taken back.
struct StagedFiles {
    /// New files, by path relative to the folder; none may exist yet.
    var created: [String: String] = [:]
    /// Files that exist and are replaced whole.
    var replaced: [String: String] = [:]

    /// Writes the files into `root`.
    func write(into root: URL) throws(GeneratorError) {
        let manager = FileManager.default
        for path in created.keys.sorted() where manager.fileExists(atPath: root.appendingPathComponent(path).path) {
            throw .exists(path)
        }
        let staging = root.appendingPathComponent(".viper-new-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: staging) }
        var moved: [URL] = []
        var madeFolders: [URL] = []
        do {
            for (path, text) in created.merging(replaced, uniquingKeysWith: { first, _ in first }) {
                let file = staging.appendingPathComponent(path)
                try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            for path in created.keys.sorted() {
                let target = root.appendingPathComponent(path)
                madeFolders += try Self.makeFolders(for: target)
                try manager.moveItem(at: staging.appendingPathComponent(path), to: target)
                moved.append(target)
            }
            // rename(2) replaces a file in one step: a reader sees the old text or the new.
            for path in replaced.keys.sorted() where rename(staging.appendingPathComponent(path).path, root.appendingPathComponent(path).path) != 0 {
                throw GeneratorError.cannotWrite(path, String(cString: strerror(errno)))
            }
        } catch {
            for file in moved { try? manager.removeItem(at: file) }
            for folder in madeFolders.reversed() { try? manager.removeItem(at: folder) }
            throw error as? GeneratorError ?? .cannotWrite(root.path, "\(error)")
        }
    }

    /// Makes the missing folders above `file`, returning those it made, outermost first.
    private static func makeFolders(for file: URL) throws -> [URL] {
        var missing: [URL] = []
        var folder = file.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path) {
            missing.insert(folder, at: 0)
            folder.deleteLastPathComponent()
        }
        for folder in missing { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        return missing
    }
}
