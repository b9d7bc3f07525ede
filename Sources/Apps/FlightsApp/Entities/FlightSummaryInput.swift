/// What the availability's Router hands the summary's Builder (`FlightSummaryBuilder`): the
/// flight picked and the search it was found for.
public struct FlightSummaryInput: Sendable, Equatable {
    /// The flight picked.
    public let flight: Flight
    /// The search the flight was found for; its passengers are the seats to book.
    public let criteria: FlightSearchCriteria

    /// The input for booking `flight`, found by searching for `criteria`.
    public init(flight: Flight, criteria: FlightSearchCriteria) {
        self.flight = flight
        self.criteria = criteria
    }
}
