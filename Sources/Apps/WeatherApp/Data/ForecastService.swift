import ViperCore

/// The forecast Service: it knows Open-Meteo's forecast URL and shape, and nothing of screens.
protocol ForecastService: Sendable {
    /// The weather at `location` now and, when `days` is given, on each of those days, the
    /// days counted in the zone `timeZone` names as the session named it (`UTC`,
    /// `Europe/Lisbon`). The session asks for the days it means: a server's own today may be
    /// another day (a session on a fixed clock, a server in another zone).
    func forecast(at location: WeatherLocation, days: ClosedRange<CalendarDay>?, timeZone: String) async throws(WeatherFailure) -> Forecast
}
