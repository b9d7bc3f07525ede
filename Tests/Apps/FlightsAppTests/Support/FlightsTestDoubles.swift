import AppTestSupport
import Foundation
import ServiceKit
import Synchronization
import ViperCore
import ViperStore

@testable import FlightsApp

// MARK: - Days, money and airports

/// A day from its `YYYY-MM-DD` text.
func day(_ text: String) -> CalendarDay {
    CalendarDay(text)!
}

/// `amount` (decimal text, "93.99") in `currency`, exactly.
func money(_ amount: String, _ currency: String = "GBP") -> Money {
    Money(amount: Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX"))!, currency: currency)
}

/// A calendar for a session in `timeZone` with `locale`.
func flightsCalendar(timeZone: String = "UTC", locale: String = "en_GB") -> DayCalendar {
    DayCalendar(timeZone: TimeZone(identifier: timeZone)!, firstWeekday: 2, locale: Locale(identifier: locale))
}

/// London Gatwick, as the sample server lists it.
let gatwick = Airport(
    code: "LGW", name: "London Gatwick Airport", city: "London", country: "United Kingdom", latitude: 51.1481, longitude: -0.19028,
    timeZone: TimeZone(identifier: "Europe/London")!)

/// Paris Charles de Gaulle, as the sample server lists it.
let charlesDeGaulle = Airport(
    code: "CDG", name: "Paris Charles de Gaulle Airport", city: "Paris", country: "France", latitude: 49.0128, longitude: 2.55,
    timeZone: TimeZone(identifier: "Europe/Paris")!)

/// Lisbon, as the sample server lists it.
let lisbon = Airport(
    code: "LIS", name: "Humberto Delgado Airport", city: "Lisbon", country: "Portugal", latitude: 38.7813, longitude: -9.13592,
    timeZone: TimeZone(identifier: "Europe/Lisbon")!)

/// Every airport the stub Service lists unless told otherwise.
let testAirports = [gatwick, charlesDeGaulle, lisbon]

// MARK: - Flights and searches

/// A flight from Gatwick to Paris on 24 November 2026: 07:45 in London, 09:40 in Paris (55
/// minutes), £93.99 a seat, 115 seats left, unless told otherwise. Instants are in UTC.
func sampleFlight(
    _ id: String = "LGW-CDG-20261124-0745", number: String = "EZY8012", departure: String = "2026-11-24T07:45:00Z",
    arrival: String = "2026-11-24T08:40:00Z", price: String = "93.99", currency: String = "GBP", seatsLeft: Int = 115
) -> Flight {
    Flight(
        id: id, number: number, departure: instant(departure), arrival: instant(arrival), price: money(price, currency),
        seatsLeft: seatsLeft)
}

/// A search from Gatwick to Paris for one passenger on 24 November 2026, unless told otherwise.
func searchCriteria(
    from: Airport = gatwick, to: Airport = charlesDeGaulle, date: String = "2026-11-24", passengers: Int = 1
) -> FlightSearchCriteria {
    FlightSearchCriteria(from: from, to: to, date: day(date), passengers: passengers)
}

/// A form as the search's Interactor reports it.
func searchForm(
    from: String = "", to: String = "", date: CalendarDay? = nil, passengers: Int = 1, problems: [SearchProblem] = [],
    criteria: FlightSearchCriteria? = nil
) -> FlightSearchForm {
    FlightSearchForm(from: from, to: to, date: date, passengers: passengers, problems: problems, criteria: criteria)
}

// MARK: - HTTP

/// The base URL the HTTP tests give the flights Service.
let testFlightsBase = URL(string: "http://api.test/base")!

/// The flights Service at `testFlightsBase`, over `http`.
func httpFlightsService(_ http: StubHTTPClient, faults: FaultInjector? = nil) -> HTTPFlightsService {
    HTTPFlightsService(endpoint: .fixed(testFlightsBase), client: ServiceClient(http: http, faults: faults))
}

// MARK: - Flights Service

/// A flights Service with scripted answers that records each call in `calls` (and the shared
/// `log`): `airports`, `availability: LGW-CDG 2026-11-24 x2`, `book: <flightId> x2`.
///
/// Airports are answered by the answers scripted with `willListAirports`, in order, then by the
/// standing answer (`testAirports` unless `alwaysListAirports` changes it). Availability and
/// bookings are answered in the order scripted; with nothing scripted they are unreachable.
final class StubFlightsService: FlightsService {
    private struct State {
        var airports: [Result<[Airport], FlightsFailure>] = []
        var standingAirports: Result<[Airport], FlightsFailure> = .success(testAirports)
        var availability: [Result<[Flight], FlightsFailure>] = []
        var bookings: [Result<Booking, FlightsFailure>] = []
        var calls: [String] = []
        var criteria: [FlightSearchCriteria] = []
    }

    private let state = Mutex(State())
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// Every call, in order.
    var calls: [String] { state.withLock { $0.calls } }
    /// How many times the airports were listed.
    var airportListings: Int { calls.filter { $0 == "airports" }.count }
    /// The criteria `availability` was asked for, in order.
    var criteriaAsked: [FlightSearchCriteria] { state.withLock { $0.criteria } }

    /// Answers the next listing of the airports with `result`.
    func willListAirports(_ result: Result<[Airport], FlightsFailure>) {
        state.withLock { $0.airports.append(result) }
    }

    /// Answers every listing of the airports, once those scripted are used, with `result`.
    func alwaysListAirports(_ result: Result<[Airport], FlightsFailure>) {
        state.withLock { $0.standingAirports = result }
    }

    /// Answers the next `availability` with `result`.
    func willFindFlights(_ result: Result<[Flight], FlightsFailure>) {
        state.withLock { $0.availability.append(result) }
    }

    /// Answers the next `book` with `result`.
    func willBook(_ result: Result<Booking, FlightsFailure>) {
        state.withLock { $0.bookings.append(result) }
    }

    func airports() async throws(FlightsFailure) -> [Airport] {
        record("airports")
        let result: Result<[Airport], FlightsFailure> = state.withLock { state in
            state.airports.isEmpty ? state.standingAirports : state.airports.removeFirst()
        }
        return try result.get()
    }

    func availability(for criteria: FlightSearchCriteria) async throws(FlightsFailure) -> [Flight] {
        record("availability: \(criteria.from.code)-\(criteria.to.code) \(criteria.date) x\(criteria.passengers)")
        let result: Result<[Flight], FlightsFailure> = state.withLock { state in
            state.criteria.append(criteria)
            return state.availability.isEmpty ? .failure(.unreachable("no availability scripted")) : state.availability.removeFirst()
        }
        return try result.get()
    }

    func book(flightID: String, passengers: Int) async throws(FlightsFailure) -> Booking {
        record("book: \(flightID) x\(passengers)")
        let result: Result<Booking, FlightsFailure> = state.withLock { state in
            state.bookings.isEmpty ? .failure(.unreachable("no booking scripted")) : state.bookings.removeFirst()
        }
        return try result.get()
    }

    private func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}

// MARK: - Search

/// A search Interactor that answers every `form` and `apply` with the form it was given, and
/// `submit` with the form `willSubmit` gave (the same form otherwise). It records the changes
/// applied, and notes `form`, `apply` and `submit` in `log`.
final class StubFlightSearchInteractor: FlightSearchInteracting {
    private struct State {
        var form: FlightSearchForm
        var submitted: FlightSearchForm?
        var changes: [FlightSearchChange] = []
    }

    private let state: Mutex<State>
    private let log: EventLog?

    init(form: FlightSearchForm = searchForm(), log: EventLog? = nil) {
        state = Mutex(State(form: form))
        self.log = log
    }

    /// The changes applied, in order.
    var changes: [FlightSearchChange] { state.withLock { $0.changes } }

    /// Answers `form` and `apply` with `form` from now on.
    func willAnswer(_ form: FlightSearchForm) {
        state.withLock { $0.form = form }
    }

    /// Answers `submit` with `form`.
    func willSubmit(_ form: FlightSearchForm) {
        state.withLock { $0.submitted = form }
    }

    func form() async -> FlightSearchForm {
        log?.record("form")
        return state.withLock { $0.form }
    }

    func apply(_ change: FlightSearchChange) async -> FlightSearchForm {
        log?.record("apply")
        return state.withLock { state in
            state.changes.append(change)
            return state.form
        }
    }

    func submit() async -> FlightSearchForm {
        log?.record("submit")
        return state.withLock { $0.submitted ?? $0.form }
    }
}

/// The search's Router: keeps the criteria it was asked to show flights for, and notes
/// `showAvailability: LGW-CDG` in `log`.
final class RecordingFlightSearchRouter: FlightSearchRouting {
    private let shown = Mutex<[FlightSearchCriteria]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// The criteria `showAvailability` was given, in order.
    var availabilityShown: [FlightSearchCriteria] { shown.withLock { $0 } }

    func showAvailability(for criteria: FlightSearchCriteria) async {
        shown.withLock { $0.append(criteria) }
        log?.record("showAvailability: \(criteria.from.code)-\(criteria.to.code)")
    }
}

// MARK: - Availability

/// The availability's Router: keeps the summaries it was asked to show, and notes
/// `showSummary: <flightId>` in `log`.
final class RecordingFlightAvailabilityRouter: FlightAvailabilityRouting {
    private let shown = Mutex<[FlightSummaryInput]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// The flights and criteria `showSummary` was given, in order.
    var summariesShown: [FlightSummaryInput] { shown.withLock { $0 } }

    func showSummary(of flight: Flight, for criteria: FlightSearchCriteria) async {
        shown.withLock { $0.append(FlightSummaryInput(flight: flight, criteria: criteria)) }
        log?.record("showSummary: \(flight.id)")
    }
}

// MARK: - Summary

/// The summary's Router: notes each call in `calls` and `log` (`showSoldOut: <message>`,
/// `backToFlights`, `finish`, `showWeather: CDG`) and keeps the airports whose weather it was
/// asked to show.
final class RecordingFlightSummaryRouter: FlightSummaryRouting {
    private struct State {
        var calls: [String] = []
        var weather: [Airport] = []
    }

    private let state = Mutex(State())
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// Every call, in order.
    var calls: [String] { state.withLock { $0.calls } }
    /// The airports `showWeather` was given, in order.
    var weatherShown: [Airport] { state.withLock { $0.weather } }

    func showSoldOut(_ message: String) async {
        record("showSoldOut: \(message)")
    }

    func backToFlights() async {
        record("backToFlights")
    }

    func finish() async {
        record("finish")
    }

    func showWeather(at airport: Airport) async {
        state.withLock { $0.weather.append(airport) }
        record("showWeather: \(airport.code)")
    }

    private func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}

/// Booking news without a store: counts what this session told, and lets a test say that
/// another session booked.
final class BookingNewsDouble: BookingNews, @unchecked Sendable {
    private let told = Mutex(0)
    private let others = AsyncStream.makeStream(of: StoreChange.self)

    /// How many bookings this session told of.
    var toldCount: Int { told.withLock { $0 } }

    func tellBooked() async {
        told.withLock { $0 += 1 }
    }

    func bookedByOthers() -> AsyncStream<StoreChange> {
        others.stream
    }

    /// As another session booking a flight.
    func othersBooked() {
        others.continuation.yield(StoreChange(topic: StoreBookingNews.topic, origin: .unique()))
    }
}
