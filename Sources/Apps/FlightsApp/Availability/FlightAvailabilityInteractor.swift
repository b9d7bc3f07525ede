import ViperCore

/// Loads the flights for one search and keeps those shown, so a failed reload still shows them;
/// hears of the bookings other sessions make, which change the seats left.
actor FlightAvailabilityInteractor: FlightAvailabilityInteracting {
    private let criteria: FlightSearchCriteria
    private let service: any FlightsService
    private let news: any BookingNews
    private let work: any SceneWork
    private var flights: [Flight] = []

    init(criteria: FlightSearchCriteria, service: any FlightsService, news: any BookingNews, work: any SceneWork) {
        self.criteria = criteria
        self.service = service
        self.news = news
        self.work = work
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

    nonisolated func whenOthersBook(_ booked: @escaping @Sendable () async -> Void) async {
        await work.forEach(in: news.bookedByOthers()) { _ in await booked() }
    }
}
