/// Loads the flights for one search and keeps those shown, so a failed reload still shows them.
actor FlightAvailabilityInteractor: FlightAvailabilityInteracting {
    private let criteria: FlightSearchCriteria
    private let service: any FlightsService
    private var flights: [Flight] = []

    init(criteria: FlightSearchCriteria, service: any FlightsService) {
        self.criteria = criteria
        self.service = service
    }

    func beginLoading() -> FlightAvailabilityListing {
        FlightAvailabilityListing(phase: .loading, flights: flights)
    }

    func finishLoading() async -> FlightAvailabilityListing {
        do {
            flights = try await service.availability(for: criteria)
            return FlightAvailabilityListing(phase: .loaded, flights: flights)
        } catch {
            return FlightAvailabilityListing(phase: .failed(error), flights: flights)
        }
    }

    func flight(id: String) -> Flight? {
        flights.first { $0.id == id }
    }
}
