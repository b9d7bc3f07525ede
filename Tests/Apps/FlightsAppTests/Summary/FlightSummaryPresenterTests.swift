import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore

@testable import FlightsApp

/// The summary module as a unit: the real Presenter and Interactor for the morning flight (£93.99
/// a seat) and a search for `passengers`, with the Service, the Router and the View recorded in
/// one log, for a session in `locale`.
private struct Fixture {
    let log = EventLog()
    let service: StubFlightsService
    let router: RecordingFlightSummaryRouter
    let view: RecordingView<FlightSummaryScene.ViewModel>
    let presenter: FlightSummaryPresenter

    init(passengers: Int = 3, locale: String = "en_GB") {
        service = StubFlightsService(log: log)
        router = RecordingFlightSummaryRouter(log: log)
        view = RecordingView(log: log)
        let input = FlightSummaryInput(flight: sampleFlight(), criteria: searchCriteria(passengers: passengers))
        presenter = FlightSummaryPresenter(
            input: input, interactor: FlightSummaryInteractor(input: input, service: service, news: BookingNewsDouble()), router: router, view: view,
            locale: Locale(identifier: locale))
    }

    /// Appears, then forgets what that rendered and logged.
    func appear() async {
        await presenter.sceneDidAppear()
        view.clear()
        log.clear()
    }

    /// Books with the Service answering `result`, then forgets what that rendered and logged.
    func book(answering result: Result<Booking, FlightsFailure>) async {
        service.willBook(result)
        await presenter.handle(.bookTapped)
        view.clear()
        log.clear()
    }
}

private let soldOutMessage = "Flight EZY8012 has fewer than 3 seats left."

/// The summary's view model for three passengers, in en_GB: `state`, the total, the reference
/// and the error message; Book works when ready or failed, not while booking or once booked.
private func summary(
    _ state: String, total: String = "£281.97", reference: String? = nil, error: String? = nil
) -> FlightSummaryScene.ViewModel {
    FlightSummaryScene.ViewModel(
        flightNumber: "EZY8012", route: "London (LGW) → Paris (CDG)", departs: "2026-11-24 07:45", arrives: "2026-11-24 09:40",
        passengers: 3, total: total, state: state, bookEnabled: state == "ready" || state == "failed", reference: reference, errorMessage: error)
}

@Suite("The summary Presenter: the flight and its total, booking once, failures, a sold-out flight, the weather, done")
struct FlightSummaryPresenterTests {
    // MARK: Ready

    @Test("Appearing shows the flight, its day and times at each airport, and the total for every passenger, ready")
    func appear() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(fixture.view.renders, [summary("ready")])
        #expect(fixture.log.all == ["render"])
    }

    @Test("The total is the price times the passengers, exactly, as the session's locale writes money", arguments: [
        (1, "en_GB", "£93.99"), (3, "en_GB", "£281.97"), (9, "en_GB", "£845.91"), (3, "en_US", "£281.97"),
    ])
    func total(passengers: Int, locale: String, expected: String) async {
        let fixture = Fixture(passengers: passengers, locale: locale)
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last?.total == expected)
        #expect(fixture.view.renders.last?.passengers == passengers)
    }

    @Test("A day and time at the arrival airport that is the next day there is shown as that day")
    func arrivalNextDay() async {
        let input = FlightSummaryInput(
            flight: sampleFlight("LATE", departure: "2026-11-24T22:30:00Z", arrival: "2026-11-24T23:25:00Z"),
            criteria: searchCriteria())
        let view = RecordingView<FlightSummaryScene.ViewModel>()
        let presenter = FlightSummaryPresenter(
            input: input, interactor: FlightSummaryInteractor(input: input, service: StubFlightsService(), news: BookingNewsDouble()), router: RecordingFlightSummaryRouter(),
            view: view, locale: Locale(identifier: "en_GB"))
        await presenter.sceneDidAppear()
        #expect(view.renders.last?.departs == "2026-11-24 22:30")
        #expect(view.renders.last?.arrives == "2026-11-25 00:25")
    }

    // MARK: Booking

    @Test("Booking shows booking, then booked with the reference and the airline's own total")
    func book() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willBook(.success(Booking(reference: "EZ4K2P9Q", total: money("275.00"))))
        await fixture.presenter.handle(.bookTapped)
        expectNoDifference(fixture.view.renders, [summary("booking"), summary("booked", total: "£275.00", reference: "EZ4K2P9Q")])
        #expect(fixture.log.all == ["render", "book: LGW-CDG-20261124-0745 x3", "render"])
        #expect(fixture.router.calls.isEmpty)
    }

    @Test("Book is disabled while booking and once booked, and enabled again after a failure")
    func bookEnabled() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willBook(.failure(.unreachable("connection refused")))
        await fixture.presenter.handle(.bookTapped)
        fixture.service.willBook(.success(Booking(reference: "EZ4K2P9Q", total: money("275.00"))))
        await fixture.presenter.handle(.bookTapped)
        #expect(fixture.view.renders.map(\.state) == ["booking", "failed", "booking", "booked"])
        #expect(fixture.view.renders.map(\.bookEnabled) == [false, true, false, false])
    }

    @Test("Booking again once booked books nothing and shows nothing")
    func bookTwice() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.book(answering: .success(Booking(reference: "EZ4K2P9Q", total: money("281.97"))))
        fixture.service.willBook(.success(Booking(reference: "EZ000002", total: money("281.97"))))
        await fixture.presenter.handle(.bookTapped)
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all.isEmpty)
        #expect(fixture.service.calls == ["book: LGW-CDG-20261124-0745 x3"])
    }

    @Test("A failed booking shows the failure's message, and booking again tries again")
    func failureThenRetry() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willBook(.failure(.unreachable("connection refused")))
        await fixture.presenter.handle(.bookTapped)
        expectNoDifference(
            fixture.view.renders,
            [summary("booking"), summary("failed", error: "The airline's server could not be reached (connection refused).")])
        #expect(fixture.router.calls.isEmpty)
        fixture.view.clear()
        fixture.service.willBook(.success(Booking(reference: "EZ4K2P9Q", total: money("281.97"))))
        await fixture.presenter.handle(.bookTapped)
        expectNoDifference(fixture.view.renders, [summary("booking"), summary("booked", reference: "EZ4K2P9Q")])
        #expect(fixture.service.calls.count == 2)
    }

    @Test("A refused booking names the server's reason")
    func refused() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willBook(.failure(.refused("Flight EZY8012 has departed.")))
        await fixture.presenter.handle(.bookTapped)
        #expect(fixture.view.renders.last == summary("failed", error: "The airline refused the request: Flight EZY8012 has departed."))
    }

    // MARK: Sold out

    @Test("A sold-out flight shows the failure, then presents the sold-out alert with the server's message")
    func soldOut() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willBook(.failure(.soldOut(soldOutMessage)))
        await fixture.presenter.handle(.bookTapped)
        expectNoDifference(fixture.view.renders, [summary("booking"), summary("failed", error: soldOutMessage)])
        #expect(fixture.log.all == ["render", "book: LGW-CDG-20261124-0745 x3", "render", "showSoldOut: \(soldOutMessage)"])
        #expect(fixture.router.calls == ["showSoldOut: \(soldOutMessage)"])
    }

    @Test("Once the sold-out alert is dismissed, the summary goes back to the flights, once")
    func backToFlightsAfterSoldOut() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.book(answering: .failure(.soldOut(soldOutMessage)))
        await fixture.presenter.sceneDidReappear()
        #expect(fixture.router.calls == ["showSoldOut: \(soldOutMessage)", "backToFlights"])
        await fixture.presenter.sceneDidReappear()
        #expect(fixture.router.calls == ["showSoldOut: \(soldOutMessage)", "backToFlights"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Back from the destination's weather, the summary stays, whatever booking did")
    func reappearAfterWeather() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.destinationWeatherTapped)
        await fixture.presenter.sceneDidReappear()
        await fixture.book(answering: .failure(.status(502)))
        await fixture.presenter.handle(.destinationWeatherTapped)
        await fixture.presenter.sceneDidReappear()
        await fixture.book(answering: .success(Booking(reference: "EZ4K2P9Q", total: money("281.97"))))
        await fixture.presenter.handle(.destinationWeatherTapped)
        await fixture.presenter.sceneDidReappear()
        #expect(fixture.router.calls == ["showWeather: CDG", "showWeather: CDG", "showWeather: CDG"])
    }

    @Test("After going back once from a sold-out flight, a reappearance after the weather does not go back again")
    func weatherAfterSoldOutReturn() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.book(answering: .failure(.soldOut(soldOutMessage)))
        await fixture.presenter.sceneDidReappear()
        await fixture.presenter.handle(.destinationWeatherTapped)
        await fixture.presenter.sceneDidReappear()
        #expect(fixture.router.calls == ["showSoldOut: \(soldOutMessage)", "backToFlights", "showWeather: CDG"])
    }

    // MARK: The weather and done

    @Test("The destination's weather is asked of the Router for the airport flown to")
    func destinationWeather() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.destinationWeatherTapped)
        #expect(fixture.router.weatherShown == [charlesDeGaulle])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Done asks the Router to finish, booked or not")
    func done() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.doneTapped)
        await fixture.book(answering: .success(Booking(reference: "EZ4K2P9Q", total: money("281.97"))))
        await fixture.presenter.handle(.doneTapped)
        #expect(fixture.router.calls == ["finish", "finish"])
        #expect(fixture.view.renders.isEmpty)
    }
}
