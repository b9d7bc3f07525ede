import AppTestSupport
import Testing

@testable import FlightsApp

/// Two flights of the morning, and the one the next load gives instead.
private let early = sampleFlight("LGW-CDG-20261124-0745")
private let late = sampleFlight("LGW-CDG-20261124-1120", number: "EZY8016", departure: "2026-11-24T11:20:00Z", arrival: "2026-11-24T12:25:00Z", seatsLeft: 2)
private let evening = sampleFlight("LGW-CDG-20261124-1905", number: "EZY8024", departure: "2026-11-24T19:05:00Z", arrival: "2026-11-24T20:10:00Z")

@Suite("The availability Interactor: loading the flights of one search, and keeping those shown")
struct FlightAvailabilityInteractorTests {
    @Test("Before any load it is loading with no flights, and knows no flight")
    func beforeLoading() async {
        let service = StubFlightsService()
        let interactor = FlightAvailabilityInteractor(criteria: searchCriteria(), service: service, news: BookingNewsDouble(), work: SceneWorkDouble())
        #expect(await interactor.beginLoading() == FlightAvailabilityListing(phase: .loading, flights: []))
        #expect(await interactor.flight(id: early.id) == nil)
        #expect(service.calls.isEmpty)
    }

    @Test("A load asks the Service for the search's flights and gives them, loaded")
    func load() async {
        let service = StubFlightsService()
        service.willFindFlights(.success([early, late]))
        let interactor = FlightAvailabilityInteractor(criteria: searchCriteria(passengers: 3), service: service, news: BookingNewsDouble(), work: SceneWorkDouble())
        #expect(await interactor.finishLoading() == FlightAvailabilityListing(phase: .loaded, flights: [early, late]))
        #expect(service.criteriaAsked == [searchCriteria(passengers: 3)])
        #expect(service.calls == ["availability: LGW-CDG 2026-11-24 x3"])
    }

    @Test("The flights loaded are found by id; others are not")
    func flightById() async {
        let service = StubFlightsService()
        service.willFindFlights(.success([early, late]))
        let interactor = FlightAvailabilityInteractor(criteria: searchCriteria(), service: service, news: BookingNewsDouble(), work: SceneWorkDouble())
        _ = await interactor.finishLoading()
        #expect(await interactor.flight(id: late.id) == late)
        #expect(await interactor.flight(id: "LGW-CDG-20261124-9999") == nil)
    }

    @Test("A failed load gives the failure with the flights shown before, and they can still be picked")
    func failureKeepsFlights() async {
        let service = StubFlightsService()
        service.willFindFlights(.success([early, late]))
        service.willFindFlights(.failure(.unreachable("connection refused")))
        let interactor = FlightAvailabilityInteractor(criteria: searchCriteria(), service: service, news: BookingNewsDouble(), work: SceneWorkDouble())
        _ = await interactor.finishLoading()
        #expect(await interactor.beginLoading() == FlightAvailabilityListing(phase: .loading, flights: [early, late]))
        #expect(
            await interactor.finishLoading()
                == FlightAvailabilityListing(phase: .failed(.unreachable("connection refused")), flights: [early, late]))
        #expect(await interactor.flight(id: early.id) == early)
    }

    @Test("A load replaces the flights: one no longer listed cannot be picked")
    func reloadReplaces() async {
        let service = StubFlightsService()
        service.willFindFlights(.success([early, late]))
        service.willFindFlights(.success([evening]))
        let interactor = FlightAvailabilityInteractor(criteria: searchCriteria(), service: service, news: BookingNewsDouble(), work: SceneWorkDouble())
        _ = await interactor.finishLoading()
        #expect(await interactor.finishLoading() == FlightAvailabilityListing(phase: .loaded, flights: [evening]))
        #expect(await interactor.flight(id: early.id) == nil)
        #expect(await interactor.flight(id: evening.id) == evening)
        #expect(service.calls.count == 2)
    }
}
