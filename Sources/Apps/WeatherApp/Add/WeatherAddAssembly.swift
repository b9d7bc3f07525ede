import Foundation
import ViperCore

/// Builds the search for a place to add, on the data manager that saves it.
struct WeatherAddAssembly: WeatherAddBuilder {
    let dataManager: any WeatherDataManaging

    func build(with input: Void, context: ModuleContext<WeatherAddScene>) -> any EventHandler<WeatherAddScene> {
        WeatherAddPresenter(
            interactor: WeatherAddInteractor(dataManager: dataManager, language: context.calendar.locale.language.languageCode?.identifier ?? "en"),
            router: WeatherAddRouter(navigator: context.navigator), view: context.view)
    }
}
