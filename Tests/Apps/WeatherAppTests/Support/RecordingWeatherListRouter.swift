import AppTestSupport
import Synchronization

@testable import WeatherApp

/// The list's Router: keeps the places whose detail it was asked to show and counts the
/// searches it was asked to present, noting `showDetail: <id>` and `showAdd` in `log`.
final class RecordingWeatherListRouter: WeatherListRouting {
    private struct State {
        var details: [WeatherLocation] = []
        var adds = 0
    }

    private let state = Mutex(State())
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// The places `showDetail` was given, in order.
    var detailsShown: [WeatherLocation] { state.withLock { $0.details } }
    /// How many times `showAdd` was asked.
    var addsShown: Int { state.withLock { $0.adds } }

    func showDetail(of location: WeatherLocation) async {
        state.withLock { $0.details.append(location) }
        log?.record("showDetail: \(location.id)")
    }

    func showAdd() async {
        state.withLock { $0.adds += 1 }
        log?.record("showAdd")
    }
}
