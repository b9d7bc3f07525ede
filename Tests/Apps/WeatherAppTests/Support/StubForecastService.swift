import Foundation
import Synchronization
import ViperCore

@testable import WeatherApp

/// A forecast Service with scripted answers, in order, that records what it was asked. With
/// nothing scripted, it is unreachable.
final class StubForecastService: ForecastService {
    /// One call of `forecast`.
    struct Request: Sendable, Equatable {
        let location: WeatherLocation
        /// The days asked for; nil for the weather now alone.
        let days: ClosedRange<CalendarDay>?
        /// The time zone's name, as the session gave it.
        let timeZone: String
    }

    private struct State {
        var answers: [Result<Forecast, WeatherFailure>] = []
        var requests: [Request] = []
    }

    private let state = Mutex(State())

    /// What `forecast` was asked, in order.
    var requests: [Request] { state.withLock { $0.requests } }

    func willAnswer(_ result: Result<Forecast, WeatherFailure>) {
        state.withLock { $0.answers.append(result) }
    }

    func forecast(at location: WeatherLocation, days: ClosedRange<CalendarDay>?, timeZone: String) async throws(WeatherFailure) -> Forecast {
        let request = Request(location: location, days: days, timeZone: timeZone)
        let result: Result<Forecast, WeatherFailure> = state.withLock { state in
            state.requests.append(request)
            return state.answers.isEmpty ? .failure(.unreachable("no forecast scripted")) : state.answers.removeFirst()
        }
        return try result.get()
    }
}
