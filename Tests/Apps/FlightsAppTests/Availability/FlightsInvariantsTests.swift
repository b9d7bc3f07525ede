import Testing
import ViperCore
import ViperJSON

@testable import FlightsApp

/// The Flights app's own rules, which `viper explore` checks at every step: each says what is
/// wrong with an availability that breaks it, and nothing of one that keeps it.
struct FlightsInvariantsTests {
    private func availability(seatsLeft: Int, selectable: Bool, passengers: Int = 2) throws -> JSONValue {
        let row = FlightAvailabilityScene.Row(
            flightId: "LGW-CDG-20261124-1", number: "EZY4211", departs: "07:45", arrives: "09:40", duration: "55m", price: "£93.99",
            seatsLeft: seatsLeft, selectable: selectable)
        return try JSONValueEncoder.encode(
            FlightAvailabilityScene.ViewModel(
                route: "London (LGW) → Paris (CDG)", date: CalendarDay("2026-11-24")!, passengers: passengers, state: "loaded", flights: [row],
                errorMessage: nil))
    }

    private func rule(_ name: String) throws -> AppInvariant {
        try #require(FlightsApp.invariants.first { $0.name == name })
    }

    @Test func seatsLeftNeverGoBelowZero() throws {
        let rule = try rule("flights.seats-never-negative")
        #expect(rule.breach(of: try availability(seatsLeft: -1, selectable: false)) == "EZY4211 shows -1 seats left")
        #expect(rule.breach(of: try availability(seatsLeft: 0, selectable: false)) == nil)
    }

    @Test func aFlightCanBeChosenExactlyWhenItHasASeatForEveryPassenger() throws {
        let rule = try rule("flights.selectable-when-seats")
        #expect(rule.breach(of: try availability(seatsLeft: 1, selectable: true)) == "EZY4211 has 1 seats left for 2 passengers, and selectable is true")
        #expect(rule.breach(of: try availability(seatsLeft: 5, selectable: false)) != nil)
        #expect(rule.breach(of: try availability(seatsLeft: 2, selectable: true)) == nil)
        #expect(rule.breach(of: try availability(seatsLeft: 1, selectable: false)) == nil)
    }
}
