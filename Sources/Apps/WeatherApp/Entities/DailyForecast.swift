import ViperCore

/// One day of a forecast, in the units Open-Meteo answers in by default.
struct DailyForecast: Sendable, Equatable {
    let day: CalendarDay
    /// Degrees Celsius.
    let high: Double
    /// Degrees Celsius.
    let low: Double
    /// The WMO weather code.
    let code: Int
}
