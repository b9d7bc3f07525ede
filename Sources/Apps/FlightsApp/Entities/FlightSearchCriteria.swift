import ViperCore

/// What the user searched for: the input the search's Router hands the availability's Builder
/// (`FlightAvailabilityBuilder`), checked already.
struct FlightSearchCriteria: Sendable, Equatable {
    /// The airport to fly from.
    let from: Airport
    /// The airport to fly to; never the same as `from`.
    let to: Airport
    /// The day of departure, at `from`.
    let date: CalendarDay
    /// 1 to 9.
    let passengers: Int
}
