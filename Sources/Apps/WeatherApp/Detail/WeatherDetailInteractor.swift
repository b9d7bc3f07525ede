import ViperCore

/// Fetches a place's forecast and keeps the seven days from the session's today: a server
/// whose clock is ahead or behind, or one in another zone, never shows yesterday.
actor WeatherDetailInteractor: WeatherDetailInteracting {
    static let dayCount = 7

    private let location: WeatherLocation
    private let service: any ForecastService
    private let clock: any WallClock
    private let calendar: DayCalendar
    private var forecast: Forecast?

    init(location: WeatherLocation, service: any ForecastService, clock: any WallClock, calendar: DayCalendar) {
        self.location = location
        self.service = service
        self.clock = clock
        self.calendar = calendar
    }

    func lastForecast() -> Forecast? {
        forecast
    }

    func loadForecast() async -> Result<Forecast, WeatherFailure> {
        do {
            let today = calendar.day(of: clock.now)
            let week = today...today.adding(days: Self.dayCount - 1)
            let fetched = try await service.forecast(at: location, days: week, timeZone: calendar.timeZoneName)
            // A server that answers other days than those asked for shows only the week's.
            let loaded = Forecast(current: fetched.current, days: fetched.days.filter { week.contains($0.day) })
            forecast = loaded
            return .success(loaded)
        } catch {
            return .failure(error)
        }
    }
}
