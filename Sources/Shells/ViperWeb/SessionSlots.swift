import Synchronization

/// How many sessions a server holds at once, at most `capacity`.
final class SessionSlots: Sendable {
    let capacity: Int
    private let taken = Mutex(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes a slot for a new session; false when all are taken.
    func take() -> Bool {
        taken.withLock { taken in
            guard taken < capacity else { return false }
            taken += 1
            return true
        }
    }

    func release() {
        taken.withLock { $0 -= 1 }
    }

    /// Sessions open now.
    var count: Int { taken.withLock { $0 } }
}
