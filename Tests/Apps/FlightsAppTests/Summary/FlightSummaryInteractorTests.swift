import AppTestSupport
import Testing

@testable import FlightsApp

/// A summary Interactor for the morning flight and a search for three, on `service`.
private func summaryInteractor(_ service: StubFlightsService) -> FlightSummaryInteractor {
    FlightSummaryInteractor(input: FlightSummaryInput(flight: sampleFlight(), criteria: searchCriteria(passengers: 3)), service: service, news: BookingNewsDouble())
}

private let booking = Booking(reference: "EZ4K2P9Q", total: money("281.97"))

@Suite("The summary Interactor: booking once, retrying a failure, and noticing a sold-out flight once")
struct FlightSummaryInteractorTests {
    @Test("A new summary is ready and has booked nothing")
    func ready() async {
        let service = StubFlightsService()
        let interactor = summaryInteractor(service)
        #expect(await interactor.phase() == .ready)
        #expect(await interactor.takeSoldOut() == false)
        #expect(service.calls.isEmpty)
    }

    @Test("Booking books the flight's seats for the search's passengers through the Service")
    func book() async {
        let service = StubFlightsService()
        service.willBook(.success(booking))
        let interactor = summaryInteractor(service)
        #expect(await interactor.beginBooking() == .booking)
        #expect(await interactor.phase() == .booking)
        #expect(await interactor.finishBooking() == .booked(booking))
        #expect(await interactor.phase() == .booked(booking))
        #expect(service.calls == ["book: LGW-CDG-20261124-0745 x3"])
    }

    @Test("A booking made is told to the workspace's other sessions, once; a failed one is not")
    func bookingIsTold() async {
        let service = StubFlightsService()
        service.willBook(.failure(.status(500)))
        service.willBook(.success(booking))
        let news = BookingNewsDouble()
        let interactor = FlightSummaryInteractor(
            input: FlightSummaryInput(flight: sampleFlight(), criteria: searchCriteria(passengers: 3)), service: service, news: news)
        _ = await interactor.beginBooking()
        _ = await interactor.finishBooking()
        #expect(news.toldCount == 0)
        _ = await interactor.beginBooking()
        _ = await interactor.finishBooking()
        #expect(news.toldCount == 1)
    }

    @Test("Once booked, booking again starts nothing")
    func bookedOnce() async {
        let service = StubFlightsService()
        service.willBook(.success(booking))
        let interactor = summaryInteractor(service)
        _ = await interactor.beginBooking()
        _ = await interactor.finishBooking()
        #expect(await interactor.beginBooking() == nil)
        #expect(await interactor.phase() == .booked(booking))
        #expect(service.calls.count == 1)
    }

    @Test("A failed booking can be tried again")
    func retryAfterFailure() async {
        let service = StubFlightsService()
        service.willBook(.failure(.status(500)))
        service.willBook(.success(booking))
        let interactor = summaryInteractor(service)
        _ = await interactor.beginBooking()
        #expect(await interactor.finishBooking() == .failed(.status(500)))
        #expect(await interactor.takeSoldOut() == false)
        #expect(await interactor.beginBooking() == .booking)
        #expect(await interactor.finishBooking() == .booked(booking))
        #expect(service.calls.count == 2)
    }

    @Test("A sold-out flight is noticed once; selling out again is noticed again")
    func soldOutOnce() async {
        let service = StubFlightsService()
        service.willBook(.failure(.soldOut("Flight EZY8012 has fewer than 3 seats left.")))
        service.willBook(.failure(.soldOut("Still sold out.")))
        let interactor = summaryInteractor(service)
        _ = await interactor.beginBooking()
        #expect(await interactor.finishBooking() == .failed(.soldOut("Flight EZY8012 has fewer than 3 seats left.")))
        #expect(await interactor.takeSoldOut() == true)
        #expect(await interactor.takeSoldOut() == false)
        _ = await interactor.beginBooking()
        _ = await interactor.finishBooking()
        #expect(await interactor.takeSoldOut() == true)
        #expect(await interactor.takeSoldOut() == false)
    }
}
