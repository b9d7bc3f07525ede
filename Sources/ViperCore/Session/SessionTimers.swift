import Foundation

/// The timers of a session's work that wait on its clock while the View holds the clock fixed
/// (`initialize`'s `now`, `clock.set`): each ends when the clock is moved to or past its end,
/// never on its own, so that a session on a fixed clock does the same thing every time it is
/// played.
struct SessionTimers {
    /// How a timer's wait ended.
    enum End: Sendable {
        /// The clock reached its end.
        case elapsed
        /// The clock follows the system's again: what is left is waited on real time.
        case released
        /// The task waiting was cancelled (its scene left).
        case cancelled
    }

    private struct Timer {
        let end: Date
        /// The wait outside of the background work parked on it (`BackgroundWork.park`).
        let wait: Int?
        var waiter: CheckedContinuation<End, Never>?
    }

    private var timers: [Int: Timer] = [:]
    private var nextKey = 0

    /// A key for a timer that ends at `end`, its waiter still to come.
    mutating func add(endingAt end: Date, wait: Int?) -> Int {
        defer { nextKey += 1 }
        timers[nextKey] = Timer(end: end, wait: wait)
        return nextKey
    }

    /// Keeps `waiter` until the timer `key` ends; the timer was added in the same turn of the
    /// session, so nothing ended it yet.
    mutating func wait(_ key: Int, _ waiter: CheckedContinuation<End, Never>) {
        timers[key]?.waiter = waiter
    }

    /// Ends the timers whose end is `now` or before it, earliest first: their waiters, each
    /// with the wait of its background work.
    mutating func elapse(at now: Date) -> [(waiter: CheckedContinuation<End, Never>, wait: Int?)] {
        let due = timers.filter { $0.value.end <= now }.sorted { ($0.value.end, $0.key) < ($1.value.end, $1.key) }
        for (key, _) in due { timers.removeValue(forKey: key) }
        return due.compactMap { timer in timer.value.waiter.map { ($0, timer.value.wait) } }
    }

    /// Ends every timer: the clock is not fixed any more.
    mutating func releaseAll() -> [(waiter: CheckedContinuation<End, Never>, wait: Int?)] {
        defer { timers.removeAll() }
        return timers.sorted { $0.key < $1.key }.compactMap { timer in timer.value.waiter.map { ($0, timer.value.wait) } }
    }

    /// Ends the timer `key`, whose task was cancelled: its waiter, nil when it had ended.
    mutating func cancel(_ key: Int) -> CheckedContinuation<End, Never>? {
        timers.removeValue(forKey: key)?.waiter
    }
}
