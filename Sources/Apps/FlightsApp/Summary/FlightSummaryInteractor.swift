/// Books the flight, once: a booked summary never books again, and a sold-out one is left.
actor FlightSummaryInteractor: FlightSummaryInteracting {
    private let input: FlightSummaryInput
    private let service: any FlightsService
    private var current = BookingPhase.ready
    private var soldOutSeen = false

    init(input: FlightSummaryInput, service: any FlightsService) {
        self.input = input
        self.service = service
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
