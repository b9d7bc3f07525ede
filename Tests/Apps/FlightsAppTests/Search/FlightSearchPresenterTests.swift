import AppTestSupport
import CustomDump
import Testing
import ViperCore

@testable import FlightsApp

/// The search's Presenter with a stub Interactor, the Router and the View recorded in one log.
private struct Fixture {
    let log = EventLog()
    let interactor: StubFlightSearchInteractor
    let router: RecordingFlightSearchRouter
    let view: RecordingView<FlightSearchScene.ViewModel>
    let presenter: FlightSearchPresenter

    init(form: FlightSearchForm = searchForm()) {
        interactor = StubFlightSearchInteractor(form: form, log: log)
        router = RecordingFlightSearchRouter(log: log)
        view = RecordingView(log: log)
        presenter = FlightSearchPresenter(interactor: interactor, router: router, view: view)
    }
}

/// The search's Presenter over the real Interactor, with the stub Service's airports, the clock
/// at `testNow` and the session in UTC.
private struct RealFixture {
    let service = StubFlightsService()
    let router = RecordingFlightSearchRouter()
    let view = RecordingView<FlightSearchScene.ViewModel>()
    let presenter: FlightSearchPresenter

    init() {
        presenter = FlightSearchPresenter(
            interactor: FlightSearchInteractor(service: service, clock: FixedClock(testNow), calendar: flightsCalendar()), router: router,
            view: view)
    }
}

/// The complete search of the tests: Gatwick to Paris, 24 November, two passengers.
private let complete = searchForm(
    from: "LGW", to: "CDG", date: day("2026-11-24"), passengers: 2, criteria: searchCriteria(passengers: 2))

@Suite("The search Presenter: the form as the View shows it, the problems in words, and search")
struct FlightSearchPresenterTests {
    // MARK: The view model

    @Test("Appearing shows the form as the Interactor has it")
    func appear() async {
        let fixture = Fixture(
            form: searchForm(from: "LGW", to: "LG", date: day("2026-11-22"), passengers: 3, problems: [.malformedCode(.to, "LG")]))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [
                FlightSearchScene.ViewModel(
                    from: "LGW", to: "LG", date: day("2026-11-22"), passengers: 3, searchEnabled: false,
                    problems: ["'LG' is not an airport code: three letters, such as LGW."])
            ])
        #expect(fixture.log.all == ["form", "render"])
    }

    @Test("Search is enabled exactly when the form gives criteria")
    func searchEnabled() async {
        let fixture = Fixture(form: complete)
        await fixture.presenter.sceneDidAppear()
        #expect(
            fixture.view.renders == [
                FlightSearchScene.ViewModel(from: "LGW", to: "CDG", date: day("2026-11-24"), passengers: 2, searchEnabled: true, problems: [])
            ])
        fixture.interactor.willAnswer(searchForm(from: "LGW", to: "CDG", date: nil, passengers: 2))
        await fixture.presenter.handle(.dateChanged(date: day("2026-11-24")))
        #expect(fixture.view.renders.last?.searchEnabled == false)
    }

    @Test("Each change goes to the Interactor as it was entered, and the form it answers is shown")
    func changes() async {
        let fixture = Fixture()
        fixture.interactor.willAnswer(searchForm(from: "LGW"))
        await fixture.presenter.handle(.fromChanged(code: " lgw"))
        await fixture.presenter.handle(.toChanged(code: "cdg"))
        await fixture.presenter.handle(.dateChanged(date: day("2026-11-24")))
        await fixture.presenter.handle(.passengersChanged(count: 4))
        #expect(fixture.interactor.changes == [.from(" lgw"), .to("cdg"), .date(day("2026-11-24")), .passengers(4)])
        #expect(fixture.view.renders.count == 4)
        #expect(fixture.view.renders.allSatisfy { $0.from == "LGW" })
        #expect(fixture.log.all == ["apply", "render", "apply", "render", "apply", "render", "apply", "render"])
    }

    @Test("Problems are shown in the Interactor's order, in words")
    func problemsInOrder() async {
        let fixture = Fixture(form: searchForm(from: "XYZ", passengers: 0, problems: [.unknownAirport(.from, "XYZ"), .passengers(0)]))
        await fixture.presenter.sceneDidAppear()
        #expect(
            fixture.view.renders.last?.problems == [
                "The airline knows no airport with the code XYZ.", "A booking is for 1 to 9 passengers, not 0.",
            ])
    }

    @Test(
        "Each problem is worded for the user, naming what is wrong",
        arguments: [
            (.missingAirport(.from), "Choose an airport to fly from."),
            (.missingAirport(.to), "Choose an airport to fly to."),
            (.malformedCode(.from, "L1W"), "'L1W' is not an airport code: three letters, such as LGW."),
            (.malformedCode(.to, "PARIS"), "'PARIS' is not an airport code: three letters, such as LGW."),
            (.unknownAirport(.to, "XYZ"), "The airline knows no airport with the code XYZ."),
            (.sameAirports, "The airports to fly from and to must differ."),
            (.missingDate, "Choose a day to fly."),
            (.pastDate(day("2026-11-22")), "2026-11-22 has passed: choose today or a later day."),
            (.passengers(10), "A booking is for 1 to 9 passengers, not 10."),
            (
                .airportsUnavailable(.unreachable("connection refused")),
                "The airport codes could not be checked. The airline's server could not be reached (connection refused)."
            ),
        ] as [(SearchProblem, String)])
    func problemWording(problem: SearchProblem, text: String) {
        #expect(FlightSearchPresenter.text(problem) == text)
    }

    // MARK: Search

    @Test("Search on a complete form asks the Router for the availability with the criteria, and shows nothing")
    func searchWhenEnabled() async {
        let fixture = Fixture(form: complete)
        await fixture.presenter.handle(.searchTapped)
        #expect(fixture.router.availabilityShown == [searchCriteria(passengers: 2)])
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["submit", "showAvailability: LGW-CDG"])
    }

    @Test("Search on an incomplete form shows what is wrong and goes nowhere")
    func searchWhenDisabled() async {
        let fixture = Fixture(form: searchForm(from: "LGW"))
        fixture.interactor.willSubmit(searchForm(from: "LGW", problems: [.missingAirport(.to), .missingDate]))
        await fixture.presenter.handle(.searchTapped)
        #expect(fixture.router.availabilityShown.isEmpty)
        #expect(
            fixture.view.renders == [
                FlightSearchScene.ViewModel(
                    from: "LGW", to: "", date: nil, passengers: 1, searchEnabled: false,
                    problems: ["Choose an airport to fly to.", "Choose a day to fly."])
            ])
        #expect(fixture.log.all == ["submit", "render"])
    }

    // MARK: With the real Interactor

    @Test("An empty form says every missing field from the start, and search tapped then changes nothing")
    func emptyFormThenSearch() async {
        let fixture = RealFixture()
        await fixture.presenter.sceneDidAppear()
        await fixture.presenter.handle(.searchTapped)
        expectNoDifference(
            fixture.view.renders,
            [
                FlightSearchScene.ViewModel(
                    from: "", to: "", date: nil, passengers: 1, searchEnabled: false,
                    problems: ["Choose an airport to fly from.", "Choose an airport to fly to.", "Choose a day to fly."]),
                FlightSearchScene.ViewModel(
                    from: "", to: "", date: nil, passengers: 1, searchEnabled: false,
                    problems: ["Choose an airport to fly from.", "Choose an airport to fly to.", "Choose a day to fly."]),
            ])
        #expect(fixture.router.availabilityShown.isEmpty)
    }

    @Test("Filling the form in enables search, which pushes the availability for the airports listed")
    func fillThenSearch() async {
        let fixture = RealFixture()
        await fixture.presenter.handle(.fromChanged(code: "lgw"))
        await fixture.presenter.handle(.toChanged(code: "lis"))
        await fixture.presenter.handle(.dateChanged(date: day("2026-11-23")))
        await fixture.presenter.handle(.passengersChanged(count: 9))
        #expect(
            fixture.view.renders.last
                == FlightSearchScene.ViewModel(from: "LGW", to: "LIS", date: day("2026-11-23"), passengers: 9, searchEnabled: true, problems: []))
        await fixture.presenter.handle(.searchTapped)
        #expect(fixture.router.availabilityShown == [FlightSearchCriteria(from: gatwick, to: lisbon, date: day("2026-11-23"), passengers: 9)])
    }
}
