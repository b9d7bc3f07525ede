/// What the availability's Router hands the summary's Builder (`FlightSummaryBuilder`): the
/// flight picked and the search it was found for.
struct FlightSummaryInput: Sendable, Equatable {
    /// The flight picked.
    let flight: Flight
    /// The search the flight was found for; its passengers are the seats to book.
    let criteria: FlightSearchCriteria
}
