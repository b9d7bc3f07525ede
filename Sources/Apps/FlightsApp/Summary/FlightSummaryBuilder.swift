import ViperCore
import WeatherApp

/// Builds a flight's summary and booking, for the flight and the search it was found for, with
/// Weather's forecast module for the destination: known only by its public Builder.
struct FlightSummaryBuilder: ModuleBuilder {
    let service: any FlightsService
    let news: any BookingNews
    let weather: WeatherDetailBuilder

    func build(with input: FlightSummaryInput, context: ModuleContext<FlightSummaryScene>) -> any EventHandler<FlightSummaryScene> {
        FlightSummaryPresenter(
            input: input, interactor: FlightSummaryInteractor(input: input, service: service, news: news),
            router: FlightSummaryRouter(navigator: context.navigator, weather: weather), view: context.view, locale: context.calendar.locale)
    }
}
