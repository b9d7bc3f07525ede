import Foundation
import ViperCore

/// Drives the availability: "loading", then the flights or the failure; loads again when on
/// top again (seats change as people book: after a sold-out summary, most of all), and when
/// another session books.
struct FlightAvailabilityPresenter: EventHandler {
    typealias Scene = FlightAvailabilityScene

    let criteria: FlightSearchCriteria
    let interactor: any FlightAvailabilityInteracting
    let router: any FlightAvailabilityRouting
    let view: any SceneView<FlightAvailabilityScene.ViewModel>
    let locale: Locale

    func sceneDidAppear() async {
        await load()
        // Seats others take show here by themselves; this session's own booking shows when
        // the list is on top again.
        await interactor.whenOthersBook { await load() }
    }

    func sceneDidReappear() async {
        await load()
    }

    func refusal(of event: FlightAvailabilityScene.Event) async -> EventRefusal? {
        guard case .flightTapped(let id) = event else { return nil }
        guard let flight = await interactor.flight(id: id) else {
            return EventRefusal(field: "flightId", reason: "is not a flight of the list: '\(id)'")
        }
        guard flight.seatsLeft >= criteria.passengers else {
            return EventRefusal(field: "flightId", reason: "has \(flight.seatsLeft) \(flight.seatsLeft == 1 ? "seat" : "seats") left, fewer than \(criteria.passengers) passengers: '\(id)'")
        }
        return nil
    }

    func handle(_ event: FlightAvailabilityScene.Event) async {
        switch event {
        case .flightTapped(let id):
            guard let flight = await interactor.flight(id: id) else { return }
            await router.showSummary(of: flight, for: criteria)
        case .refreshTapped:
            await load()
        }
    }

    private func load() async {
        await show(await interactor.beginLoading())
        await show(await interactor.finishLoading())
    }

    private func show(_ listing: FlightAvailabilityListing) async {
        let (state, errorMessage): (String, String?) =
            switch listing.phase {
            case .loading: ("loading", nil)
            case .loaded: ("loaded", nil)
            case .failed(let failure): ("failed", FlightsMessages.text(failure))
            }
        await view.render(.init(
            route: FlightTimes.route(from: criteria.from, to: criteria.to), date: criteria.date, passengers: criteria.passengers,
            state: state,
            flights: listing.flights.map { flight in
                .init(
                    flightId: flight.id, number: flight.number, departs: FlightTimes.clock(flight.departure, at: criteria.from),
                    arrives: FlightTimes.clock(flight.arrival, at: criteria.to),
                    duration: FlightTimes.duration(from: flight.departure, to: flight.arrival), price: flight.price.formatted(for: locale),
                    seatsLeft: flight.seatsLeft, selectable: flight.seatsLeft >= criteria.passengers)
            },
            errorMessage: errorMessage))
    }
}
