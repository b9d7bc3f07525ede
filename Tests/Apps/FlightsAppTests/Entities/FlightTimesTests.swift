import AppTestSupport
import Foundation
import Testing

@testable import FlightsApp

/// New York's JFK, five hours behind London in November.
private let kennedy = Airport(
    code: "JFK", name: "John F. Kennedy International Airport", city: "New York", country: "United States", latitude: 40.6413,
    longitude: -73.7781, timeZone: TimeZone(identifier: "America/New_York")!)

@Suite("Flight times: each at its own airport's clock, durations, and routes")
struct FlightTimesTests {
    @Test("One instant is written on each airport's clock")
    func clockAtEachAirport() {
        let departure = instant("2026-11-24T07:45:00Z")
        #expect(FlightTimes.clock(departure, at: gatwick) == "07:45")
        #expect(FlightTimes.clock(departure, at: charlesDeGaulle) == "08:45")
        #expect(FlightTimes.clock(departure, at: kennedy) == "02:45")
    }

    @Test("Each airport's daylight time applies on its own dates")
    func daylightTime() {
        let summer = instant("2026-07-01T06:10:00Z")
        #expect(FlightTimes.clock(summer, at: gatwick) == "07:10")
        #expect(FlightTimes.clock(summer, at: charlesDeGaulle) == "08:10")
        #expect(FlightTimes.clock(summer, at: kennedy) == "02:10")
    }

    @Test("Hours and minutes are two digits each; seconds are dropped")
    func twoDigits() {
        #expect(FlightTimes.clock(instant("2026-11-24T00:05:59Z"), at: gatwick) == "00:05")
        #expect(FlightTimes.clock(instant("2026-11-24T23:59:00Z"), at: gatwick) == "23:59")
    }

    @Test("The day and time are the airport's: 23:30 in London is 00:30 the next day in Paris, 18:30 the same day in New York")
    func dayAndClock() {
        let late = instant("2026-11-24T23:30:00Z")
        #expect(FlightTimes.dayAndClock(late, at: gatwick) == "2026-11-24 23:30")
        #expect(FlightTimes.dayAndClock(late, at: charlesDeGaulle) == "2026-11-25 00:30")
        #expect(FlightTimes.dayAndClock(late, at: kennedy) == "2026-11-24 18:30")
        #expect(FlightTimes.dayAndClock(instant("2027-01-05T09:07:00Z"), at: gatwick) == "2027-01-05 09:07")
    }

    @Test(
        "A duration is minutes under an hour, hours and two-digit minutes from an hour on",
        arguments: [(0, "0m"), (5, "5m"), (55, "55m"), (59, "59m"), (60, "1h 00m"), (65, "1h 05m"), (125, "2h 05m"), (630, "10h 30m")])
    func duration(minutes: Int, text: String) {
        let departure = instant("2026-11-24T07:45:00Z")
        #expect(FlightTimes.duration(from: departure, to: departure.addingTimeInterval(Double(minutes) * 60)) == text)
    }

    @Test("A duration is the time elapsed, not the difference of the clocks: 07:45 in London to 09:40 in Paris is 55m")
    func durationAcrossZones() {
        let departure = try! Date("2026-11-24T07:45:00+00:00", strategy: .iso8601)
        let arrival = try! Date("2026-11-24T09:40:00+01:00", strategy: .iso8601)
        #expect(FlightTimes.duration(from: departure, to: arrival) == "55m")
        #expect(FlightTimes.clock(arrival, at: charlesDeGaulle) == "09:40")
    }

    @Test("A duration rounds to the nearest minute, and an arrival before the departure is no time at all")
    func durationEdges() {
        let departure = instant("2026-11-24T07:45:00Z")
        #expect(FlightTimes.duration(from: departure, to: departure.addingTimeInterval(59 * 60 + 40)) == "1h 00m")
        #expect(FlightTimes.duration(from: departure, to: departure.addingTimeInterval(54 * 60 + 20)) == "54m")
        #expect(FlightTimes.duration(from: departure, to: departure.addingTimeInterval(-3600)) == "0m")
    }

    @Test("A route names each city and its airport's code")
    func route() {
        #expect(FlightTimes.route(from: gatwick, to: charlesDeGaulle) == "London (LGW) → Paris (CDG)")
        #expect(FlightTimes.route(from: lisbon, to: kennedy) == "Lisbon (LIS) → New York (JFK)")
    }
}
