import ViperCore
import WeatherApp

/// Builds the summary, with Weather's forecast module for the destination: known only by its
/// public Builder protocol.
struct FlightSummaryAssembly: FlightSummaryBuilder {
    let service: any FlightsService
    let weather: any WeatherDetailBuilder

    func build(with input: FlightSummaryInput, context: ModuleContext<FlightSummaryScene>) -> any EventHandler<FlightSummaryScene> {
        FlightSummaryPresenter(
            input: input, interactor: FlightSummaryInteractor(input: input, service: service),
            router: FlightSummaryRouter(navigator: context.navigator, weather: weather), view: context.view, locale: context.calendar.locale)
    }
}
