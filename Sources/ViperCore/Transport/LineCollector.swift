import Synchronization

/// Keeps a session's output lines in memory until they are taken: the sink of Views that live
/// in the same process (the REPL, the golden-file runner, tests).
public final class LineCollector: LineSink {
    private let lines = Mutex<[String]>([])
    private let ending = Mutex<SessionEnd?>(nil)

    /// An empty collector.
    public init() {}

    public func write(line: [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        lines.withLock { $0.append(text) }
    }

    public func end(because reason: SessionEnd) {
        ending.withLock { $0 = reason }
    }

    /// Why the engine ended the session, if it did.
    public var endedBecause: SessionEnd? { ending.withLock { $0 } }

    /// The lines written since the last call, oldest first.
    public func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
