import Synchronization

/// Records what happened, in order, across the doubles of one test.
public final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])

    public init() {}

    public var all: [String] { entries.withLock { $0 } }

    public func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Forgets what was recorded, so a test sees only what follows.
    public func clear() {
        entries.withLock { $0.removeAll() }
    }
}
