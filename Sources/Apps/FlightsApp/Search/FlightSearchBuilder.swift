public import ViperCore

/// Builds the search, the Flights app's root, with the Builder of the availability it opens.
/// Public as the app's `rootModule`; only the app makes one.
public struct FlightSearchBuilder: ModuleBuilder {
    let service: any FlightsService
    let availability: FlightAvailabilityBuilder

    public func build(with input: Void, context: ModuleContext<FlightSearchScene>) -> any EventHandler<FlightSearchScene> {
        FlightSearchPresenter(
            interactor: FlightSearchInteractor(service: service, clock: context.clock, calendar: context.calendar),
            router: FlightSearchRouter(navigator: context.navigator, availability: availability), view: context.view)
    }
}
