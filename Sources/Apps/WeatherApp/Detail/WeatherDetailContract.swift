public import ViperCore

/// The `weather.detail` scene: one place's weather now and for seven days from today, in the
/// session's time zone. `view.back` pops it.
public enum WeatherDetailScene: SceneContract {
    public static let kind: SceneKind = "weather.detail"

    public enum Event: SceneEvent {
        /// Load the forecast again (after a failure, or to update it).
        case refreshTapped

        public enum CodingKeys: CodingKey, CaseIterable { case refreshTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        public let locationId: String
        public let name: String
        public let region: String
        /// The weather now; null until a forecast has loaded.
        public let current: Current?
        public let days: [Day]
        /// `loading`, `loaded` or `failed`.
        public let state: String
        /// Why loading failed, naming the cause; null unless `state` is `failed`.
        public let errorMessage: String?
    }

    /// The weather now, in the session locale's units.
    public struct Current: Codable, Sendable, Equatable {
        public let temperature: String
        public let conditions: String
        public let wind: String
    }

    /// One day of the forecast.
    public struct Day: Codable, Sendable, Equatable {
        public let day: CalendarDay
        /// In the session's locale ("Monday").
        public let weekday: String
        public let high: String
        public let low: String
        public let conditions: String
    }
}

/// The detail's Interactor, as its Presenter sees it.
protocol WeatherDetailInteracting: Sendable {
    /// The forecast that loaded last; nil before one has.
    func lastForecast() async -> Forecast?
    /// Fetches the forecast: the weather now and seven days from the session's today.
    func loadForecast() async -> Result<Forecast, WeatherFailure>
}
