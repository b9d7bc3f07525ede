import Testing

@testable import FlightsApp

@Suite("Flights failures: what the scenes say, naming the cause")
struct FlightsMessagesTests {
    @Test(
        "Each failure's message says what happened and names its cause",
        arguments: [
            (FlightsFailure.unreachable("connection refused"), "The airline's server could not be reached (connection refused)."),
            (FlightsFailure.refused("The day 2026-11-22 has passed."), "The airline refused the request: The day 2026-11-22 has passed."),
            (FlightsFailure.status(503), "The airline's server answered with an error (HTTP 503)."),
            (FlightsFailure.malformed("no list of flights"), "The airline's answer could not be read (no list of flights)."),
            (FlightsFailure.cancelled, "Cancelled before the airline answered."),
            (FlightsFailure.soldOut("Flight EZY8012 has fewer than 3 seats left."), "Flight EZY8012 has fewer than 3 seats left."),
        ])
    func messages(failure: FlightsFailure, message: String) {
        #expect(FlightsMessages.text(failure) == message)
    }
}
