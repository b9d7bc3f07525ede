/// What the availability's Router hands the summary's Builder (`FlightSummaryBuilder`): the
/// flight picked and the search it was found for.
public struct FlightSummaryInput: Sendable, Equatable {
    public let flight: Flight
    public let criteria: FlightSearchCriteria

    public init(flight: Flight, criteria: FlightSearchCriteria) {
        self.flight = flight
        self.criteria = criteria
    }
}
