import ViperCore

/// Builds the flights for a search, for the criteria the search's Router hands over, with the
/// Builder of the summary it opens.
struct FlightAvailabilityBuilder: ModuleBuilder {
    let service: any FlightsService
    let news: any BookingNews
    let summary: FlightSummaryBuilder

    func build(with criteria: FlightSearchCriteria, context: ModuleContext<FlightAvailabilityScene>) -> any EventHandler<FlightAvailabilityScene> {
        FlightAvailabilityPresenter(
            criteria: criteria, interactor: FlightAvailabilityInteractor(criteria: criteria, service: service, news: news, work: context.tasks),
            router: FlightAvailabilityRouter(navigator: context.navigator, summary: summary), view: context.view,
            locale: context.calendar.locale)
    }
}
