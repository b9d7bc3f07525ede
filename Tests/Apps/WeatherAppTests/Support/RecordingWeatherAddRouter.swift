import AppTestSupport
import Synchronization

@testable import WeatherApp

/// The search's Router: counts how many times it was asked to close, noting `close` in `log`.
final class RecordingWeatherAddRouter: WeatherAddRouting {
    private let closes = Mutex(0)
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// How many times `close` was asked.
    var closeCount: Int { closes.withLock { $0 } }

    func close() async {
        closes.withLock { $0 += 1 }
        log?.record("close")
    }
}
