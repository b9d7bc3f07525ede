public import Foundation

/// The sample server's clock: the system's; one that starts at a chosen instant and runs on
/// from there (`viper sample-server --now`), so that demos can fix the day while lockouts and
/// chat replies still see time pass; or another clock read as it is (the clock of the one
/// session an engine serves, which stands still while the session's does and moves when it is
/// set), so that the server and the session agree on what time it is.
public struct SampleClock: Sendable {
    private let start: Date?
    private let started = ContinuousClock.now
    private let read: (@Sendable () -> Date)?

    /// The system clock.
    public static var system: SampleClock { SampleClock(start: nil) }

    /// A clock that reads `instant` now and runs on from it.
    public static func starting(at instant: Date) -> SampleClock { SampleClock(start: instant) }

    /// A clock that reads whatever `read` says, each time it is asked.
    public static func reading(_ read: @escaping @Sendable () -> Date) -> SampleClock { SampleClock(start: nil, read: read) }

    private init(start: Date?, read: (@Sendable () -> Date)? = nil) {
        self.start = start
        self.read = read
    }

    /// The time now, in whole seconds: what the APIs write is then the same for the same second.
    public func now() -> Date {
        let exact: Date
        if let read {
            exact = read()
        } else if let start {
            let elapsed = ContinuousClock.now - started
            exact = start.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        } else {
            exact = Date()
        }
        return Date(timeIntervalSince1970: exact.timeIntervalSince1970.rounded(.down))
    }
}
