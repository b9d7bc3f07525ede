public import Foundation

/// The sample server's clock: the system's, or one that starts at a chosen instant and runs on
/// from there, so that tests and demos can fix the day while lockouts and chat replies still
/// see time pass.
public struct SampleClock: Sendable {
    private let start: Date?
    private let started = ContinuousClock.now

    /// The system clock.
    public static var system: SampleClock { SampleClock(start: nil) }

    /// A clock that reads `instant` now and runs on from it.
    public static func starting(at instant: Date) -> SampleClock { SampleClock(start: instant) }

    private init(start: Date?) {
        self.start = start
    }

    /// The time now, in whole seconds: what the APIs write is then the same for the same second.
    public func now() -> Date {
        let exact: Date
        if let start {
            let elapsed = ContinuousClock.now - started
            exact = start.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        } else {
            exact = Date()
        }
        return Date(timeIntervalSince1970: exact.timeIntervalSince1970.rounded(.down))
    }
}
