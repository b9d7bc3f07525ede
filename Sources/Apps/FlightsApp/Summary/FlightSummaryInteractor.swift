/// Books the flight, once: a booked summary never books again, and a sold-out one is left; a
/// booking made is told to the workspace's other sessions.
actor FlightSummaryInteractor: FlightSummaryInteracting {
    private let input: FlightSummaryInput
    private let service: any FlightsService
    private let news: any BookingNews
    private var current = BookingPhase.ready
    private var soldOutSeen = false

    init(input: FlightSummaryInput, service: any FlightsService, news: any BookingNews) {
        self.input = input
        self.service = service
        self.news = news
    }

    func phase() -> BookingPhase {
        current
    }

    func beginBooking() -> BookingPhase? {
        if case .booked = current { return nil }
        current = .booking
        return current
    }

    func finishBooking() async -> BookingPhase {
        do {
            current = .booked(try await service.book(flightID: input.flight.id, passengers: input.criteria.passengers))
            // Other sessions showing this flight's seats show them anew.
            await news.tellBooked()
        } catch {
            current = .failed(error)
            soldOutSeen = false
        }
        return current
    }

    func takeSoldOut() -> Bool {
        guard case .failed(.soldOut) = current, !soldOutSeen else { return false }
        soldOutSeen = true
        return true
    }
}
