import ViperCore

/// Builds the list, the Weather app's root, with the Builders of the scenes it opens.
struct WeatherListAssembly: WeatherListBuilder {
    let dataManager: any WeatherDataManaging
    let detail: WeatherDetailAssembly

    func build(with input: Void, context: ModuleContext<WeatherListScene>) -> any EventHandler<WeatherListScene> {
        WeatherListPresenter(
            interactor: WeatherListInteractor(dataManager: dataManager, timeZone: context.calendar.timeZoneName),
            router: WeatherListRouter(navigator: context.navigator, detail: detail, add: WeatherAddAssembly(dataManager: dataManager)),
            view: context.view, units: WeatherUnits(locale: context.calendar.locale))
    }
}
