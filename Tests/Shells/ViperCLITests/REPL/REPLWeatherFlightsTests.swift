import Foundation
import Testing
import WebSocketTestClient

/// The done stories of Weather and Flights, typed in the REPL as a new user would, against the
/// sample server that starts inside it (its clock at the session's `--now`).
struct REPLWeatherFlightsTests {
    /// Runs `commands` in a REPL whose session is in London with British units; its output.
    private func typed(_ commands: [String]) throws -> String {
        let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:00:00Z", "--time-zone", "Europe/London", "--locale", "en_GB"])
        for command in commands { repl.write(line: command) }
        let exit = try repl.finish()
        #expect(exit.status == 0, "\(exit.standardError)")
        return exit.remainingLines.joined(separator: "\n")
    }

    /// The lines of the last screen drawn for `scene`.
    private func lastScreen(of scene: String, in output: String) -> [Substring] {
        let screens = output.components(separatedBy: "┌─ \(scene) ")
        return (screens.last ?? "").split(separator: "\n").prefix { !$0.hasPrefix("└") }
    }

    @Test("Add two cities, open one, go back, remove one")
    func weather() async throws {
        let output = try await onOwnThread {
            try typed([
                "start weather", "addTapped", "queryChanged Lisbon", "resultTapped 2267057", "addTapped", "queryChanged Berlin",
                "resultTapped 2950159", "locationTapped 2267057", "back", "removeTapped 2267057",
            ])
        }
        #expect(output.contains("→ weather.add#2 presented over weather.list#1"), "\(output)")
        #expect(output.contains("→ weather.detail#1 pushed onto weather.list#1"))
        #expect(output.contains("← weather.detail#1 popped, back to weather.list#1"))
        let detail = lastScreen(of: "weather.detail#1", in: output).joined(separator: "\n")
        #expect(detail.contains("state: loaded") && detail.contains("day: 2026-11-29") && detail.contains("weekday: Sunday"), "\(detail)")
        let list = lastScreen(of: "weather.list#1", in: output).joined(separator: "\n")
        #expect(list.contains("name: Berlin") && !list.contains("Lisbon"), "\(list)")
        #expect(list.range(of: #"detail: -?[0-9]+°C, "#, options: .regularExpression) != nil, "\(list)")
    }

    @Test("Search a flight for tomorrow, pick one, see the destination's weather, go back, book it, and see the seats left drop")
    func flights() async throws {
        let output = try await onOwnThread {
            try typed([
                "start flights", "fromChanged lgw", "toChanged cdg", "dateChanged tomorrow", "passengersChanged 2", "searchTapped",
                "flightTapped LGW-CDG-20261124-1", "destinationWeatherTapped", "back", "bookTapped", "doneTapped", "searchTapped",
            ])
        }
        let weather = lastScreen(of: "weather.detail#1", in: output).joined(separator: "\n")
        #expect(weather.contains("name: Paris") && weather.contains("state: loaded"), "\(output)")
        let summary = lastScreen(of: "flights.summary#1", in: output).joined(separator: "\n")
        #expect(summary.contains("state: booked"), "\(summary)")
        #expect(summary.range(of: "reference: EZ[0-9A-Z]{6}", options: .regularExpression) != nil, "\(summary)")
        // The first flight of each search: the later one has the two seats booked fewer.
        func seats(_ scene: String) -> Int? {
            lastScreen(of: scene, in: output).first { $0.contains("seatsLeft:") }
                .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        }
        let before = try #require(seats("flights.availability#1"), "\(output)")
        #expect(seats("flights.availability#2") == before - 2)
    }
}
