public import Foundation
public import ViperCore
import Synchronization

/// A clock that stays where it is set, as the session's clock does between two `clock.set`s.
public final class MutableClock: WallClock {
    private let current: Mutex<Date>

    public init(_ iso8601: String = testNow) {
        current = Mutex(instant(iso8601))
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock to `iso8601`.
    public func set(_ iso8601: String) {
        let date = instant(iso8601)
        current.withLock { $0 = date }
    }
}
