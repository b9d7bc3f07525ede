import ViperCore

/// Builds a place's forecast on the forecast Service: the module needs no saved places.
struct WeatherDetailAssembly: WeatherDetailBuilder {
    let service: any ForecastService

    func build(with location: WeatherLocation, context: ModuleContext<WeatherDetailScene>) -> any EventHandler<WeatherDetailScene> {
        WeatherDetailPresenter(
            location: location,
            interactor: WeatherDetailInteractor(location: location, service: service, clock: context.clock, calendar: context.calendar),
            view: context.view, units: WeatherUnits(locale: context.calendar.locale), calendar: context.calendar)
    }
}
