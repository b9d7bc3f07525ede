import Foundation
import ViperCore

/// Builds the search for a place to save, on the data manager that saves it. It saves the place it
/// finds and leaves; whoever presented it shows the place.
struct WeatherAddBuilder: ModuleBuilder {
    let dataManager: any WeatherDataManaging

    func build(with input: Void, context: ModuleContext<WeatherAddScene>) -> any EventHandler<WeatherAddScene> {
        WeatherAddPresenter(
            interactor: WeatherAddInteractor(dataManager: dataManager, language: context.calendar.locale.language.languageCode?.identifier ?? "en"),
            router: WeatherAddRouter(navigator: context.navigator), view: context.view)
    }
}
