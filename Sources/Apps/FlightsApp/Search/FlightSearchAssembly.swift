import ViperCore

/// Builds the search, the Flights app's root, with the Builder of the availability it opens.
struct FlightSearchAssembly: FlightSearchBuilder {
    let service: any FlightsService
    let availability: FlightAvailabilityAssembly

    func build(with input: Void, context: ModuleContext<FlightSearchScene>) -> any EventHandler<FlightSearchScene> {
        FlightSearchPresenter(
            interactor: FlightSearchInteractor(service: service, clock: context.clock, calendar: context.calendar),
            router: FlightSearchRouter(navigator: context.navigator, availability: availability), view: context.view)
    }
}
