/// What the forecast Service answers for a place: the weather now and the days ahead.
struct Forecast: Sendable, Equatable {
    let current: CurrentConditions
    /// Empty when only the current weather was asked for.
    let days: [DailyForecast]
}
