/// The weather at a place now, in the units Open-Meteo answers in by default.
struct CurrentConditions: Sendable, Equatable {
    /// Degrees Celsius.
    let temperature: Double
    /// The WMO weather code.
    let code: Int
    /// Kilometres per hour.
    let windSpeed: Double
}
