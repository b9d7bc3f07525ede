import Foundation

/// Notices saved changes to a package's code: every file under `Sources/` and the manifest,
/// by modification time and size, polled. Polling needs nothing from the platform (inotify,
/// FSEvents) and costs little: a package's sources are a few hundred files.
struct SourceWatcher: Sendable {
    /// What the watched files looked like at one moment.
    struct Snapshot: Equatable, Sendable {
        fileprivate let files: [String: FileState]
    }

    fileprivate struct FileState: Equatable, Sendable {
        let modified: Date
        let size: Int
    }

    /// The package's folder, where `Package.swift` is.
    let packageRoot: URL

    /// The watched files as they are now. Hidden files (an editor's `.file.swp`) and backups
    /// (`file~`) are left out: saving in an editor that writes them must not build twice.
    func snapshot() -> Snapshot {
        var files: [String: FileState] = [:]
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        let manifest = packageRoot.appendingPathComponent("Package.swift")
        var urls: [URL] = [manifest]
        if let walker = FileManager.default.enumerator(
            at: packageRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        {
            for case let url as URL in walker where !url.lastPathComponent.hasSuffix("~") { urls.append(url) }
        }
        for url in urls {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            files[url.path] = FileState(modified: values.contentModificationDate ?? .distantPast, size: values.fileSize ?? 0)
        }
        return Snapshot(files: files)
    }

    /// Waits, looking every `interval`, until the files differ from `since` and then stay the
    /// same for one more look (an editor that saves in two writes, a `git checkout`); returns
    /// them as they settled.
    func change(since: Snapshot, interval: Duration) async throws -> Snapshot {
        var last = since
        while true {
            try await Task.sleep(for: interval)
            let now = snapshot()
            if now == last, now != since { return now }
            last = now
        }
    }
}
