import AppTestSupport

@testable import WeatherApp

/// The search's Router: counts how many times it was asked to close, noting `close` in `log`.
final class RecordingWeatherAddRouter: WeatherAddRouting {
    private let closes: CallRecorder<Void>

    init(log: EventLog? = nil) {
        closes = CallRecorder(log: log)
    }

    /// How many times `close` was asked.
    var closeCount: Int { closes.all.count }

    func close() async {
        closes.record((), noting: "close")
    }
}
