import Synchronization

/// How many sessions a server holds at once, at most `capacity`.
final class SessionSlots: Sendable {
    let capacity: Int
    private let claimed = Mutex(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Claims a slot for a new session; false when all are claimed.
    func claim() -> Bool {
        claimed.withLock { claimed in
            guard claimed < capacity else { return false }
            claimed += 1
            return true
        }
    }

    func release() {
        claimed.withLock { $0 -= 1 }
    }

    /// Sessions open now.
    var count: Int { claimed.withLock { $0 } }
}
