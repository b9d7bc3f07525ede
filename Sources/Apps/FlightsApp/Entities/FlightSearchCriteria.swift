public import ViperCore

/// What the user searched for: the input the search's Router hands the availability's Builder
/// (`FlightAvailabilityBuilder`), checked already.
public struct FlightSearchCriteria: Sendable, Equatable {
    /// The airport to fly from.
    public let from: Airport
    /// The airport to fly to; never the same as `from`.
    public let to: Airport
    /// The day of departure, at `from`.
    public let date: CalendarDay
    /// 1 to 9.
    public let passengers: Int

    public init(from: Airport, to: Airport, date: CalendarDay, passengers: Int) {
        self.from = from
        self.to = to
        self.date = date
        self.passengers = passengers
    }
}
