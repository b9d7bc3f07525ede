public import ViperCore

/// The `weather.detail` scene: one place's weather now and for seven days from today, in the
/// session's time zone. `view.back` pops it.
public enum WeatherDetailScene: SceneContract {
    public static let kind: SceneKind = "weather.detail"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Forecast",
        labels: ["refreshTapped": "Refresh", "days": "The next seven days"],
        roles: [
            "locationId": .identifier, "name": .heading, "state": .state(tones: ["loading": .busy, "loaded": .settled, "failed": .bad]),
            "errorMessage": .error,
        ],
        eventRoles: ["refreshTapped": .secondary])

    public enum Event: SceneEvent {
        /// Load the forecast again (after a failure, or to update it).
        case refreshTapped

        public enum CodingKeys: CodingKey, CaseIterable { case refreshTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The id of the place shown, as its opener gave it.
        public let locationId: String
        /// The place's name ("Lisbon").
        public let name: String
        /// Where the place is ("Lisbon, Portugal").
        public let region: String
        /// The weather now; null until a forecast has loaded.
        public let current: Current?
        /// Up to seven days from the session's today; empty until a forecast has loaded.
        public let days: [Day]
        /// `loading`, `loaded` or `failed`.
        public let state: String
        /// Why loading failed, naming the cause; null unless `state` is `failed`.
        public let errorMessage: String?
    }

    /// The weather now, in the session locale's units.
    public struct Current: Codable, Sendable, Equatable {
        /// The temperature now, in whole degrees ("12°C", "54°F").
        public let temperature: String
        /// The sky now, in words ("Partly cloudy").
        public let conditions: String
        /// The wind's speed, in whole km/h or mph ("14 km/h", "9 mph").
        public let wind: String
    }

    /// One day of the forecast.
    public struct Day: Codable, Sendable, Equatable {
        /// The day it is for, in the session's time zone.
        public let day: CalendarDay
        /// In the session's locale ("Monday").
        public let weekday: String
        /// The day's highest temperature, in whole degrees ("17°C").
        public let high: String
        /// The day's lowest temperature, in whole degrees ("9°C").
        public let low: String
        /// The day's sky, in words ("Light rain").
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
