import ViperCore

/// Shows a place's forecast: "loading" with what it showed before, then the forecast or the
/// failure, keeping the last forecast that loaded.
struct WeatherDetailPresenter: EventHandler {
    typealias Scene = WeatherDetailScene

    let location: WeatherLocation
    let interactor: any WeatherDetailInteracting
    let view: any SceneView<WeatherDetailScene.ViewModel>
    let units: WeatherUnits
    let calendar: DayCalendar

    func sceneDidAppear() async {
        await load()
    }

    func handle(_ event: WeatherDetailScene.Event) async {
        switch event {
        case .refreshTapped: await load()
        }
    }

    /// The seven days start at the session's today: a clock set to another day loads them again.
    func clockDidChange() async {
        await load()
    }

    private func load() async {
        await show(await interactor.lastForecast(), state: "loading", errorMessage: nil)
        switch await interactor.loadForecast() {
        case .success(let forecast): await show(forecast, state: "loaded", errorMessage: nil)
        case .failure(let failure): await show(await interactor.lastForecast(), state: "failed", errorMessage: WeatherMessages.text(failure))
        }
    }

    private func show(_ forecast: Forecast?, state: String, errorMessage: String?) async {
        await view.render(.init(
            locationId: location.id, name: location.name, region: location.region,
            current: forecast.map { forecast in
                .init(
                    temperature: units.temperature(forecast.current.temperature),
                    conditions: WeatherConditions.text(code: forecast.current.code), wind: units.wind(forecast.current.windSpeed))
            },
            days: (forecast?.days ?? []).map { day in
                .init(
                    day: day.day, weekday: calendar.weekdayName(of: day.day), high: units.temperature(day.high), low: units.temperature(day.low),
                    conditions: WeatherConditions.text(code: day.code))
            },
            state: state, errorMessage: errorMessage))
    }
}
