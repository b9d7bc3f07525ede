import ViperCore

/// Pushes the summary of the flight picked, with the search it was found for.
struct FlightAvailabilityRouter: FlightAvailabilityRouting {
    let navigator: Navigator
    let summary: FlightSummaryBuilder

    func showSummary(of flight: Flight, for criteria: FlightSearchCriteria) async {
        await navigator.push(summary, with: FlightSummaryInput(flight: flight, criteria: criteria))
    }
}
