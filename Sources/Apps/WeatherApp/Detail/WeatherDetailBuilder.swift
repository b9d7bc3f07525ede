public import ViperCore

/// Builds a place's forecast on the forecast Service: the module needs no saved places. It takes
/// the place (`WeatherLocation`), not a key to fetch it by. Public so that other apps can open it:
/// Flights shows its destination's weather with one from `WeatherApp.detailModule`, knowing
/// nothing else of the module (docs/architecture.md, "Modules as black boxes"); only the Weather
/// app makes one.
public struct WeatherDetailBuilder: ModuleBuilder {
    let service: any ForecastService

    public func build(with location: WeatherLocation, context: ModuleContext<WeatherDetailScene>) -> any EventHandler<WeatherDetailScene> {
        WeatherDetailPresenter(
            location: location,
            interactor: WeatherDetailInteractor(location: location, service: service, clock: context.clock, calendar: context.calendar),
            view: context.view, units: WeatherUnits(locale: context.calendar.locale), calendar: context.calendar)
    }
}
