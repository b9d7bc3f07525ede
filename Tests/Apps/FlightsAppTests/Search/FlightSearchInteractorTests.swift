import AppTestSupport
import Foundation
import Testing
import ViperCore

@testable import FlightsApp

/// A search Interactor on `service`, with the clock at `now` (`testNow`, 09:00 UTC on 23 November
/// 2026, unless told otherwise) and the session in `timeZone`.
private func searchInteractor(
    _ service: StubFlightsService = StubFlightsService(), now: String = testNow, timeZone: String = "UTC"
) -> FlightSearchInteractor {
    FlightSearchInteractor(service: service, clock: FixedClock(now), calendar: flightsCalendar(timeZone: timeZone))
}

/// Fills in every field of `interactor`; by default they break no rule: Gatwick to Paris,
/// tomorrow, two passengers. Returns the form after the last change.
@discardableResult
private func fill(
    _ interactor: FlightSearchInteractor, from: String = "LGW", to: String = "CDG", date: String = "2026-11-24", passengers: Int = 2
) async -> FlightSearchForm {
    _ = await interactor.apply(.from(from))
    _ = await interactor.apply(.to(to))
    _ = await interactor.apply(.date(day(date)))
    return await interactor.apply(.passengers(passengers))
}

@Suite("The search Interactor: the form, the rules it checks as it changes, and the criteria once it is complete")
struct FlightSearchInteractorTests {
    // MARK: A new form

    @Test("A new form has one passenger, says what it misses, cannot search, and lists no airports yet")
    func newForm() async {
        let service = StubFlightsService()
        let form = await searchInteractor(service).form()
        #expect(form == searchForm(
            from: "", to: "", date: nil, passengers: 1, problems: [.missingAirport(.from), .missingAirport(.to), .missingDate], criteria: nil))
        #expect(service.calls.isEmpty)
    }

    @Test("A complete form that breaks no rule gives the criteria, with the airports the Service listed")
    func completeForm() async {
        let form = await fill(searchInteractor())
        #expect(form.problems == [])
        #expect(form.criteria == FlightSearchCriteria(from: gatwick, to: charlesDeGaulle, date: day("2026-11-24"), passengers: 2))
        #expect(form == searchForm(from: "LGW", to: "CDG", date: day("2026-11-24"), passengers: 2, criteria: form.criteria))
    }

    @Test("Submitting a complete form gives its criteria too")
    func submitComplete() async {
        let interactor = searchInteractor()
        await fill(interactor)
        let form = await interactor.submit()
        #expect(form.problems == [])
        #expect(form.criteria == FlightSearchCriteria(from: gatwick, to: charlesDeGaulle, date: day("2026-11-24"), passengers: 2))
    }

    // MARK: Airport codes

    @Test("Codes are trimmed and put in capitals, and find their airports whatever their case")
    func codesNormalized() async {
        let interactor = searchInteractor()
        #expect(await interactor.apply(.from("  lgw\n")).from == "LGW")
        #expect(await interactor.apply(.to("cDg ")).to == "CDG")
        let form = await fill(interactor, from: " lgw", to: "Cdg\t")
        #expect(form.from == "LGW")
        #expect(form.to == "CDG")
        #expect(form.criteria?.from == gatwick)
        #expect(form.criteria?.to == charlesDeGaulle)
    }

    @Test(
        "A code that is not three ASCII letters is malformed, as normalized, and the airports are not listed for it",
        arguments: [
            ("lg", "LG"), ("LGWX", "LGWX"), ("l1w", "L1W"), ("lg w", "LG W"), ("ÅBC", "ÅBC"), ("ｌｇｗ", "ＬＧＷ"), ("L-W", "L-W"),
        ])
    func malformedCode(entered: String, normalized: String) async {
        let service = StubFlightsService()
        let interactor = searchInteractor(service)
        let form = await interactor.apply(.from(entered))
        #expect(form.from == normalized)
        #expect(form.problems == [.malformedCode(.from, normalized), .missingAirport(.to), .missingDate])
        #expect(form.criteria == nil)
        #expect(service.calls.isEmpty)
    }

    @Test("A malformed code to fly to is reported on that end")
    func malformedDestination() async {
        let service = StubFlightsService()
        let form = await searchInteractor(service).apply(.to("12"))
        #expect(form.problems == [.missingAirport(.from), .malformedCode(.to, "12"), .missingDate])
        #expect(service.calls.isEmpty)
    }

    @Test("A code no airport of the list has is unknown, on its end")
    func unknownCode() async {
        let interactor = searchInteractor()
        #expect(await interactor.apply(.from("xyz")).problems == [.unknownAirport(.from, "XYZ"), .missingAirport(.to), .missingDate])
        let form = await fill(interactor, from: "LGW", to: "JFK")
        #expect(form.problems == [.unknownAirport(.to, "JFK")])
        #expect(form.criteria == nil)
    }

    @Test("The same airport at both ends is refused, however each is written")
    func sameAirports() async {
        let form = await fill(searchInteractor(), from: "LGW", to: " lgw ")
        #expect(form.problems == [.sameAirports])
        #expect(form.criteria == nil)
    }

    // MARK: The day

    @Test("A day before today is refused; today is allowed")
    func pastAndToday() async {
        let interactor = searchInteractor()
        let past = await fill(interactor, date: "2026-11-22")
        #expect(past.problems == [.pastDate(day("2026-11-22"))])
        #expect(past.criteria == nil)
        let today = await interactor.apply(.date(day("2026-11-23")))
        #expect(today.problems == [])
        #expect(today.criteria?.date == day("2026-11-23"))
    }

    @Test("Today is the session's: at 23:30 UTC it is already tomorrow in Auckland, so the UTC day has passed there")
    func todayAheadOfUTC() async {
        let now = "2026-11-23T23:30:00Z"
        let auckland = await fill(searchInteractor(now: now, timeZone: "Pacific/Auckland"), date: "2026-11-23")
        #expect(auckland.problems == [.pastDate(day("2026-11-23"))])
        let utc = await fill(searchInteractor(now: now, timeZone: "UTC"), date: "2026-11-23")
        #expect(utc.problems == [])
        #expect(await fill(searchInteractor(now: now, timeZone: "Pacific/Auckland"), date: "2026-11-24").problems == [])
    }

    @Test("Today is the session's: at 03:00 UTC it is still yesterday in Los Angeles, so that day is allowed there")
    func todayBehindUTC() async {
        let now = "2026-11-23T03:00:00Z"
        let losAngeles = await fill(searchInteractor(now: now, timeZone: "America/Los_Angeles"), date: "2026-11-22")
        #expect(losAngeles.problems == [])
        #expect(losAngeles.criteria?.date == day("2026-11-22"))
        let utc = await fill(searchInteractor(now: now, timeZone: "UTC"), date: "2026-11-22")
        #expect(utc.problems == [.pastDate(day("2026-11-22"))])
    }

    // MARK: Passengers

    @Test("A booking is for 1 to 9 passengers", arguments: [1, 2, 9])
    func passengersAccepted(count: Int) async {
        let form = await fill(searchInteractor(), passengers: count)
        #expect(form.problems == [])
        #expect(form.criteria?.passengers == count)
    }

    @Test("Fewer than 1 or more than 9 passengers is refused", arguments: [0, 10, -1, 42])
    func passengersRefused(count: Int) async {
        let form = await fill(searchInteractor(), passengers: count)
        #expect(form.passengers == count)
        #expect(form.problems == [.passengers(count)])
        #expect(form.criteria == nil)
    }

    // MARK: Listing the airports

    @Test("The airports are listed when a code first needs them, then kept")
    func airportsListedOnce() async {
        let service = StubFlightsService()
        let interactor = searchInteractor(service)
        _ = await interactor.apply(.passengers(3))
        #expect(service.airportListings == 0)
        await fill(interactor)
        _ = await interactor.apply(.from("LIS"))
        _ = await interactor.submit()
        #expect(service.airportListings == 1)
        #expect(service.calls == ["airports"])
    }

    @Test("A failed listing is a problem naming the failure, and the airports are listed again at the next check")
    func airportsListedAgainAfterFailure() async {
        let service = StubFlightsService()
        service.willListAirports(.failure(.unreachable("connection refused")))
        let interactor = searchInteractor(service)
        let failed = await interactor.apply(.from("LGW"))
        #expect(failed.problems == [.missingAirport(.to), .airportsUnavailable(.unreachable("connection refused")), .missingDate])
        #expect(failed.criteria == nil)
        #expect(service.airportListings == 1)
        let form = await fill(interactor)
        #expect(form.problems == [])
        #expect(form.criteria?.from == gatwick)
        #expect(service.airportListings == 2)
        _ = await interactor.apply(.passengers(4))
        #expect(service.airportListings == 2)
    }

    @Test("When the airports cannot be listed for either code, that is reported once")
    func airportsFailureReportedOnce() async {
        let service = StubFlightsService()
        service.alwaysListAirports(.failure(.status(503)))
        let form = await fill(searchInteractor(service))
        #expect(form.problems == [.airportsUnavailable(.status(503))])
        #expect(form.criteria == nil)
    }

    @Test("One check lists the airports at most once, even when both codes need them and the listing fails")
    func oneListingPerCheck() async {
        let service = StubFlightsService()
        service.alwaysListAirports(.failure(.unreachable("timed out after 30 s")))
        let interactor = searchInteractor(service)
        _ = await interactor.apply(.from("LGW"))
        #expect(service.airportListings == 1)
        let form = await interactor.apply(.to("CDG"))
        #expect(form.problems == [.airportsUnavailable(.unreachable("timed out after 30 s")), .missingDate])
        // A second request to a server that just failed would double the wait for the same answer.
        #expect(service.airportListings == 2)
    }

    @Test("A malformed code does not stop the other from being checked against the airports")
    func malformedAndUnknown() async {
        let service = StubFlightsService()
        let form = await fill(searchInteractor(service), from: "L1", to: "XYZ")
        #expect(form.problems == [.malformedCode(.from, "L1"), .unknownAirport(.to, "XYZ")])
        #expect(service.airportListings == 1)
    }

    // MARK: What is missing

    @Test("What is missing is a problem from the start, in the order of the form: a Search that is disabled says why")
    func missingFromTheStart() async {
        let interactor = searchInteractor()
        #expect(await interactor.form().problems == [.missingAirport(.from), .missingAirport(.to), .missingDate])
        #expect(await interactor.apply(.passengers(2)).problems == [.missingAirport(.from), .missingAirport(.to), .missingDate])
        let submitted = await interactor.submit()
        #expect(submitted.problems == [.missingAirport(.from), .missingAirport(.to), .missingDate])
        #expect(submitted.criteria == nil)
        #expect(await interactor.apply(.from("LGW")).problems == [.missingAirport(.to), .missingDate])
        #expect(await interactor.apply(.date(day("2026-11-24"))).problems == [.missingAirport(.to)])
        #expect(await interactor.form().problems == [.missingAirport(.to)])
    }

    @Test("An empty code after one was entered is missing again")
    func clearedCode() async {
        let interactor = searchInteractor()
        await fill(interactor)
        let cleared = await interactor.apply(.to("  "))
        #expect(cleared.to == "")
        #expect(cleared.problems == [.missingAirport(.to)])
        #expect(cleared.criteria == nil)
        #expect(await interactor.submit().problems == [.missingAirport(.to)])
    }

    @Test("Every rule broken at once is listed in the order of the form")
    func everyRule() async {
        let form = await fill(searchInteractor(), from: "L1", to: "XYZ", date: "2026-11-01", passengers: 0)
        #expect(form.problems == [.malformedCode(.from, "L1"), .unknownAirport(.to, "XYZ"), .pastDate(day("2026-11-01")), .passengers(0)])
    }
}
