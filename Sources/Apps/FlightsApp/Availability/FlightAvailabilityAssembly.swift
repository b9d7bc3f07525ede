import ViperCore

/// Builds the availability for the criteria the search's Router hands over.
struct FlightAvailabilityAssembly: FlightAvailabilityBuilder {
    let service: any FlightsService
    let summary: FlightSummaryAssembly

    func build(with criteria: FlightSearchCriteria, context: ModuleContext<FlightAvailabilityScene>) -> any EventHandler<FlightAvailabilityScene> {
        FlightAvailabilityPresenter(
            criteria: criteria, interactor: FlightAvailabilityInteractor(criteria: criteria, service: service),
            router: FlightAvailabilityRouter(navigator: context.navigator, summary: summary), view: context.view,
            locale: context.calendar.locale)
    }
}
