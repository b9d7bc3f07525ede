import Synchronization
import ViperCore

/// Collects the lines a session writes, as a View would read them.
final class CollectingSink: LineSink {
    private let lines = Mutex<[String]>([])

    func write(line: [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        lines.withLock { $0.append(text) }
    }

    /// The lines written since the last drain.
    func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
