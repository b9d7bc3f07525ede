import Foundation
import Synchronization

/// A session's clock: the system clock until `initialize` or `clock.set` fixes it at an instant,
/// where it then stands still so that output is deterministic.
final class SessionClock: WallClock {
    private let fixed = Mutex<Date?>(nil)

    var now: Date {
        fixed.withLock { $0 } ?? Date()
    }

    func fix(at instant: Date) {
        fixed.withLock { $0 = instant }
    }

    /// Follows the system clock again.
    func release() {
        fixed.withLock { $0 = nil }
    }

    /// The instant the clock stands still at, or nil when it follows the system clock.
    var fixedInstant: Date? {
        fixed.withLock { $0 }
    }
}
