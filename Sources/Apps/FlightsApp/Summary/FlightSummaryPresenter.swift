import Foundation
import ViperCore

/// Drives the summary: books, shows the reference or why not; a sold-out flight is an alert,
/// and once it is dismissed the summary leaves, so the availability shows fresh seats.
struct FlightSummaryPresenter: EventHandler {
    typealias Scene = FlightSummaryScene

    let input: FlightSummaryInput
    let interactor: any FlightSummaryInteracting
    let router: any FlightSummaryRouting
    let view: any SceneView<FlightSummaryScene.ViewModel>
    let locale: Locale

    func sceneDidAppear() async {
        await show(await interactor.phase())
    }

    /// On top again: after the weather, nothing changes; after the sold-out alert, leave.
    func sceneDidReappear() async {
        if await interactor.takeSoldOut() { await router.backToFlights() }
    }

    func handle(_ event: FlightSummaryScene.Event) async {
        switch event {
        case .bookTapped:
            guard let booking = await interactor.beginBooking() else { return }
            await show(booking)
            let outcome = await interactor.finishBooking()
            await show(outcome)
            if case .failed(.soldOut(let message)) = outcome { await router.showSoldOut(message) }
        case .destinationWeatherTapped:
            await router.showWeather(at: input.criteria.to)
        case .doneTapped:
            await router.finish()
        }
    }

    private func show(_ phase: BookingPhase) async {
        let flight = input.flight
        let criteria = input.criteria
        var total = Money(amount: flight.price.amount * Decimal(criteria.passengers), currency: flight.price.currency)
        let state: String
        var reference: String?
        var errorMessage: String?
        switch phase {
        case .ready: state = "ready"
        case .booking: state = "booking"
        case .booked(let booking):
            (state, reference, total) = ("booked", booking.reference, booking.total)
        case .failed(let failure):
            (state, errorMessage) = ("failed", FlightsMessages.text(failure))
        }
        await view.render(.init(
            flightNumber: flight.number, route: FlightTimes.route(from: criteria.from, to: criteria.to),
            departs: FlightTimes.dayAndClock(flight.departure, at: criteria.from), arrives: FlightTimes.dayAndClock(flight.arrival, at: criteria.to),
            passengers: criteria.passengers, total: total.formatted(for: locale), state: state,
            bookEnabled: state == "ready" || state == "failed", reference: reference, errorMessage: errorMessage))
    }
}
