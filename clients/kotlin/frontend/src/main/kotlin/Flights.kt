import java.time.LocalDate
import java.time.OffsetDateTime
import viper.apps.Apps
import viper.apps.FlightsAvailabilityEvent
import viper.apps.FlightsSearchEvent
import viper.apps.FlightsSummaryEvent
import viper.apps.InitializeParams
import viper.apps.SceneKinds
import viper.apps.ViperSession

/** The Flights booking: fill the search, pick the first flight with seats, book it. */
fun bookAFlight(session: ViperSession): String {
    session.initialize(InitializeParams(now = OffsetDateTime.parse("2026-11-23T09:00:00Z"), timeZone = "Europe/London", locale = "en_GB")).get()
    val search = session.start(Apps.flights).get()
    check(session.viewModel(search)?.searchEnabled == false) { "an empty search cannot be sent" }

    session.send(search, FlightsSearchEvent.FromChanged(code = "LGW")).get()
    session.send(search, FlightsSearchEvent.ToChanged(code = "CDG")).get()
    session.send(search, FlightsSearchEvent.DateChanged(date = LocalDate.of(2026, 11, 24))).get()
    session.send(search, FlightsSearchEvent.PassengersChanged(count = 2)).get()
    check(session.viewModel(search)?.searchEnabled == true) { "a filled search can be sent: ${session.viewModel(search)}" }

    session.send(search, FlightsSearchEvent.SearchTapped).get()
    val availability = session.find(SceneKinds.flightsAvailability) ?: error("searchTapped pushes the flights")
    val flights = session.viewModel(availability)?.flights ?: emptyList()
    val flight = flights.firstOrNull { it.selectable && it.seatsLeft >= 2 } ?: error("a flight has two seats: $flights")

    session.send(availability, FlightsAvailabilityEvent.FlightTapped(flightId = flight.flightId)).get()
    val summary = session.find(SceneKinds.flightsSummary) ?: error("flightTapped pushes the summary")
    check(session.viewModel(summary)?.bookEnabled == true) { "the summary offers to book" }

    session.send(summary, FlightsSummaryEvent.BookTapped).get()
    val booked = session.viewModel(summary) ?: error("the summary rendered")
    val reference = booked.reference ?: error("the booking has a reference: $booked")
    return "flights: booked ${booked.flightNumber} ${booked.route} for ${booked.passengers}, ${booked.total}, reference $reference"
}
