/// The airline's Service: it knows the sample flights API's URLs and shapes, and nothing of
/// screens.
protocol FlightsService: Sendable {
    /// Every airport the airline serves.
    func airports() async throws(FlightsFailure) -> [Airport]
    /// The flights of the route and day of `criteria` that have not left yet.
    func availability(for criteria: FlightSearchCriteria) async throws(FlightsFailure) -> [Flight]
    /// Books `passengers` seats on the flight `flightID`.
    func book(flightID: String, passengers: Int) async throws(FlightsFailure) -> Booking
}
