import Foundation

/// A fresh directory under the system's temporary directory, for database files.
///
/// Removal is explicit (`defer { directory.remove() }`): a `deinit` could run as soon as the path
/// was last read, while an engine still uses the directory.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("viper-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
