import Foundation

/// The forecast Service: it knows Open-Meteo's forecast URL and shape, and nothing of screens.
protocol ForecastService: Sendable {
    /// The weather at `location` now and, when `days` is more than 0, for that many days from
    /// today in `timeZone`.
    func forecast(at location: WeatherLocation, days: Int, timeZone: TimeZone) async throws(WeatherFailure) -> Forecast
}
