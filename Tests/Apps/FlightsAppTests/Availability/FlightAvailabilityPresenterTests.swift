import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore

@testable import FlightsApp

/// The availability module as a unit: the real Presenter and Interactor, with the Service, the
/// Router and the View recorded in one log, for `criteria` in a session in `locale`.
private struct Fixture {
    let log = EventLog()
    let service: StubFlightsService
    let router: RecordingFlightAvailabilityRouter
    let view: RecordingView<FlightAvailabilityScene.ViewModel>
    let criteria: FlightSearchCriteria
    let news = BookingNewsDouble()
    let work = SceneWorkDouble()
    let presenter: FlightAvailabilityPresenter

    init(criteria: FlightSearchCriteria = searchCriteria(), locale: String = "en_GB") {
        self.criteria = criteria
        service = StubFlightsService(log: log)
        router = RecordingFlightAvailabilityRouter(log: log)
        view = RecordingView(log: log)
        presenter = FlightAvailabilityPresenter(
            criteria: criteria, interactor: FlightAvailabilityInteractor(criteria: criteria, service: service, news: news, work: work), router: router, view: view,
            locale: Locale(identifier: locale))
    }

    /// Appears with the load answering `result`, then forgets what that rendered and logged.
    func appear(loading result: Result<[Flight], FlightsFailure>) async {
        service.willFindFlights(result)
        await presenter.sceneDidAppear()
        view.clear()
        log.clear()
    }
}

/// The morning flight: 07:45 in London, 09:40 in Paris, £93.99, 115 seats.
private let morning = sampleFlight()
/// A later flight with two seats left: 11:20 in London, 13:25 in Paris (1h 05m), £59.99.
private let noon = sampleFlight(
    "LGW-CDG-20261124-1120", number: "EZY8016", departure: "2026-11-24T11:20:00Z", arrival: "2026-11-24T12:25:00Z", price: "59.99",
    seatsLeft: 2)

/// The morning flight's row, for a session in en_GB.
private let morningRow = FlightAvailabilityScene.Row(
    flightId: "LGW-CDG-20261124-0745", number: "EZY8012", departs: "07:45", arrives: "09:40", duration: "55m", price: "£93.99",
    seatsLeft: 115, selectable: true)
/// The noon flight's row, for a session in en_GB and a search for `passengers`.
private func noonRow(passengers: Int = 1) -> FlightAvailabilityScene.Row {
    FlightAvailabilityScene.Row(
        flightId: "LGW-CDG-20261124-1120", number: "EZY8016", departs: "11:20", arrives: "13:25", duration: "1h 05m", price: "£59.99",
        seatsLeft: 2, selectable: passengers <= 2)
}

/// The view model of the tests' search for `passengers`: `state` with `rows`.
private func listed(
    _ state: String, _ rows: [FlightAvailabilityScene.Row] = [], passengers: Int = 1, error: String? = nil
) -> FlightAvailabilityScene.ViewModel {
    FlightAvailabilityScene.ViewModel(
        route: "London (LGW) → Paris (CDG)", date: day("2026-11-24"), passengers: passengers, state: state, flights: rows,
        errorMessage: error)
}

/// `text` with every kind of space a locale puts in money written as a plain space.
private func plainSpaces(_ text: String) -> String {
    String(text.map { $0.isWhitespace ? " " : $0 })
}

@Suite("The availability Presenter: loading, then the flights in each airport's time and the session's money, or why not")
struct FlightAvailabilityPresenterTests {
    // MARK: Loading

    @Test("Appearing shows loading, then the flights: times at each airport, the duration, the price, the seats")
    func appearLoads() async {
        let fixture = Fixture()
        fixture.service.willFindFlights(.success([morning, noon]))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(fixture.view.renders, [listed("loading"), listed("loaded", [morningRow, noonRow()])])
        #expect(fixture.log.all == ["render", "availability: LGW-CDG 2026-11-24 x1", "render"])
    }

    @Test("Another session's booking loads the flights again by itself, with the seats left now")
    func othersBookingReloads() async throws {
        let fixture = Fixture()
        await fixture.appear(loading: .success([morning, noon]))
        #expect(fixture.work.listening == 1)
        let noonTaken = sampleFlight(
            "LGW-CDG-20261124-1120", number: "EZY8016", departure: "2026-11-24T11:20:00Z", arrival: "2026-11-24T12:25:00Z", price: "59.99",
            seatsLeft: 0)
        fixture.service.willFindFlights(.success([morning, noonTaken]))
        fixture.news.othersBooked()
        // The reload runs as the scene's background work: wait for its two renders.
        for _ in 0..<1000 where fixture.view.renders.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(fixture.view.renders.map(\.state) == ["loading", "loaded"])
        #expect(fixture.view.renders.last?.flights.last?.seatsLeft == 0)
        #expect(fixture.view.renders.last?.flights.last?.selectable == false)
    }

    @Test("Times are each at their own airport: leaving London at 07:45 GMT, landing in Paris at 09:40 CET")
    func timesInEachZone() async {
        let fixture = Fixture()
        fixture.service.willFindFlights(.success([morning]))
        await fixture.presenter.sceneDidAppear()
        let row = fixture.view.renders.last?.flights.first
        #expect(row?.departs == "07:45")
        #expect(row?.arrives == "09:40")
        #expect(row?.duration == "55m")
    }

    @Test("In summer each airport's own daylight time is used: 07:10 BST in London, 09:15 CEST in Paris")
    func timesInSummer() async {
        let fixture = Fixture(criteria: searchCriteria(date: "2026-07-01"))
        fixture.service.willFindFlights(
            .success([sampleFlight("S", departure: "2026-07-01T06:10:00Z", arrival: "2026-07-01T07:15:00Z")]))
        await fixture.presenter.sceneDidAppear()
        let row = fixture.view.renders.last?.flights.first
        #expect(row?.departs == "07:10")
        #expect(row?.arrives == "09:15")
        #expect(row?.duration == "1h 05m")
    }

    @Test("A flight back from Paris leaves on Paris's clock and lands on London's")
    func timesOnTheWayBack() async {
        let fixture = Fixture(criteria: searchCriteria(from: charlesDeGaulle, to: gatwick))
        fixture.service.willFindFlights(
            .success([sampleFlight("B", departure: "2026-11-24T09:30:00Z", arrival: "2026-11-24T10:35:00Z")]))
        await fixture.presenter.sceneDidAppear()
        let rendered = fixture.view.renders.last
        #expect(rendered?.route == "Paris (CDG) → London (LGW)")
        #expect(rendered?.flights.first?.departs == "10:30")
        #expect(rendered?.flights.first?.arrives == "10:35")
    }

    @Test(
        "The price is in the flight's currency as the session's locale writes money",
        arguments: [
            ("en_GB", "93.99", "GBP", "£93.99"),
            ("en_US", "93.99", "GBP", "£93.99"),
            ("en_US", "1234.5", "USD", "$1,234.50"),
            ("de_DE", "59.99", "EUR", "59,99 €"),
            ("fr_FR", "59.99", "EUR", "59,99 €"),
        ])
    func priceInLocale(locale: String, amount: String, currency: String, expected: String) async {
        let fixture = Fixture(locale: locale)
        fixture.service.willFindFlights(.success([sampleFlight(price: amount, currency: currency)]))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last?.flights.first.map { plainSpaces($0.price) } == expected)
    }

    @Test("A flight with fewer seats left than passengers is shown but cannot be picked")
    func selectable() async {
        let fixture = Fixture(criteria: searchCriteria(passengers: 3))
        let full = sampleFlight("F", seatsLeft: 0)
        let three = sampleFlight("T", seatsLeft: 3)
        fixture.service.willFindFlights(.success([noon, three, full]))
        await fixture.presenter.sceneDidAppear()
        let rows = fixture.view.renders.last?.flights ?? []
        #expect(rows.map(\.flightId) == [noon.id, "T", "F"])
        #expect(rows.map(\.seatsLeft) == [2, 3, 0])
        #expect(rows.map(\.selectable) == [false, true, false])
        #expect(fixture.view.renders.last?.passengers == 3)
    }

    // MARK: Failing

    @Test("A failed first load shows the failure's message and no flights")
    func firstLoadFails() async {
        let fixture = Fixture()
        fixture.service.willFindFlights(.failure(.unreachable("connection refused")))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [listed("loading"), listed("failed", error: "The airline's server could not be reached (connection refused).")])
    }

    @Test("A failed refresh keeps the flights shown before, with the failure's message")
    func refreshFails() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success([morning, noon]))
        fixture.service.willFindFlights(.failure(.refused("The day 2026-11-24 has passed.")))
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(
            fixture.view.renders,
            [
                listed("loading", [morningRow, noonRow()]),
                listed("failed", [morningRow, noonRow()], error: "The airline refused the request: The day 2026-11-24 has passed."),
            ])
        #expect(fixture.log.all == ["render", "availability: LGW-CDG 2026-11-24 x1", "render"])
    }

    @Test("Only a failed list has an error message")
    func errorMessageOnlyWhenFailed() async {
        let fixture = Fixture()
        fixture.service.willFindFlights(.success([morning]))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.map(\.errorMessage) == [nil, nil])
        #expect(fixture.view.renders.map(\.state) == ["loading", "loaded"])
    }

    // MARK: Reloading

    @Test("On top again (back from a summary) it loads again, showing the flights it had while loading")
    func reloadOnReappear() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success([morning, noon]))
        fixture.service.willFindFlights(.success([morning]))
        await fixture.presenter.sceneDidReappear()
        expectNoDifference(fixture.view.renders, [listed("loading", [morningRow, noonRow()]), listed("loaded", [morningRow])])
        #expect(fixture.log.all == ["render", "availability: LGW-CDG 2026-11-24 x1", "render"])
    }

    @Test("Refresh loads again")
    func refresh() async {
        let fixture = Fixture()
        await fixture.appear(loading: .failure(.status(503)))
        fixture.service.willFindFlights(.success([noon]))
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(fixture.view.renders, [listed("loading"), listed("loaded", [noonRow()])])
    }

    // MARK: Picking a flight

    @Test("Tapping a flight asks the Router for its summary, with the flight and the search, and shows nothing")
    func flightTapped() async {
        let fixture = Fixture(criteria: searchCriteria(passengers: 2))
        await fixture.appear(loading: .success([morning, noon]))
        await fixture.presenter.handle(.flightTapped(flightId: noon.id))
        #expect(fixture.router.summariesShown == [FlightSummaryInput(flight: noon, criteria: searchCriteria(passengers: 2))])
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["showSummary: \(noon.id)"])
    }

    @Test("An id that is not a flight of the list is refused on flightId, and tapping it does nothing")
    func unknownFlightRefused() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success([morning]))
        #expect(
            await fixture.presenter.refusal(of: .flightTapped(flightId: "nope"))
                == EventRefusal(field: "flightId", reason: "is not a flight of the list: 'nope'"))
        await fixture.presenter.handle(.flightTapped(flightId: "nope"))
        #expect(fixture.router.summariesShown.isEmpty)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("A flight with fewer seats left than passengers is refused on flightId; one with enough, and a refresh, are not")
    func tooFewSeatsRefused() async {
        let fixture = Fixture(criteria: searchCriteria(passengers: 3))
        await fixture.appear(loading: .success([morning, noon]))
        #expect(
            await fixture.presenter.refusal(of: .flightTapped(flightId: noon.id))
                == EventRefusal(field: "flightId", reason: "has 2 seats left, fewer than 3 passengers: '\(noon.id)'"))
        #expect(await fixture.presenter.refusal(of: .flightTapped(flightId: morning.id)) == nil)
        #expect(await fixture.presenter.refusal(of: .refreshTapped) == nil)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("Before the flights have loaded, every flight is refused")
    func refusedBeforeLoading() async {
        let fixture = Fixture()
        #expect(
            await fixture.presenter.refusal(of: .flightTapped(flightId: morning.id))
                == EventRefusal(field: "flightId", reason: "is not a flight of the list: '\(morning.id)'"))
    }
}
