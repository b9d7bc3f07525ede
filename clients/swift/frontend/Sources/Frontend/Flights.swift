import Foundation
import ViperApps

/// The Flights booking: fill the search, pick the first flight with seats, book it.
func bookAFlight(_ session: ViperSession) async throws -> String {
    try await session.initialize(InitializeParams(now: try instant("2026-11-23T09:00:00Z"), timeZone: "Europe/London", locale: "en_GB"))
    let search = try await session.start(Apps.flights)
    try check(session.viewModel(search)?.searchEnabled == false, "an empty search cannot be sent")

    try await session.send(search, .fromChanged(code: "LGW"))
    try await session.send(search, .toChanged(code: "CDG"))
    try await session.send(search, .dateChanged(date: Day(year: 2026, month: 11, day: 24)))
    try await session.send(search, .passengersChanged(count: 2))
    try check(session.viewModel(search)?.searchEnabled == true, "a filled search can be sent: \(String(describing: session.viewModel(search)))")

    try await session.send(search, .searchTapped)
    guard let availability = session.find(FlightsAvailability.self) else { throw StoryFailure(description: "searchTapped pushes the flights") }
    let flights = session.viewModel(availability)?.flights ?? []
    guard let flight = flights.first(where: { $0.selectable && $0.seatsLeft >= 2 }) else { throw StoryFailure(description: "a flight has two seats: \(flights)") }

    try await session.send(availability, .flightTapped(flightId: flight.flightId))
    guard let summary = session.find(FlightsSummary.self) else { throw StoryFailure(description: "flightTapped pushes the summary") }
    try check(session.viewModel(summary)?.bookEnabled == true, "the summary offers to book")

    try await session.send(summary, .bookTapped)
    guard let booked = session.viewModel(summary), let reference = booked.reference else {
        throw StoryFailure(description: "the booking has a reference: \(String(describing: session.viewModel(summary)))")
    }
    return "flights: booked \(booked.flightNumber) \(booked.route) for \(booked.passengers), \(booked.total), reference \(reference)"
}
