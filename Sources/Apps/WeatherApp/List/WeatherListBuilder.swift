public import ViperCore

/// Builds the list of saved places, the Weather app's root, with the Builders of the scenes it
/// opens. Public as the app's `rootModule`; only the app makes one.
public struct WeatherListBuilder: ModuleBuilder {
    let dataManager: any WeatherDataManaging
    let detail: WeatherDetailBuilder

    public func build(with input: Void, context: ModuleContext<WeatherListScene>) -> any EventHandler<WeatherListScene> {
        WeatherListPresenter(
            interactor: WeatherListInteractor(dataManager: dataManager, timeZone: context.calendar.timeZoneName, work: context.tasks),
            router: WeatherListRouter(navigator: context.navigator, detail: detail, add: WeatherAddBuilder(dataManager: dataManager)),
            view: context.view, units: WeatherUnits(locale: context.calendar.locale))
    }
}
