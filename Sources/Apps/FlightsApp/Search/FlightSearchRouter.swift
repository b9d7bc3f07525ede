import ViperCore

/// Pushes the availability, handing its Builder the criteria of the search.
struct FlightSearchRouter: FlightSearchRouting {
    let navigator: Navigator
    let availability: FlightAvailabilityBuilder

    func showAvailability(for criteria: FlightSearchCriteria) async {
        await navigator.push(availability, with: criteria)
    }
}
