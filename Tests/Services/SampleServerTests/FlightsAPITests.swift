import Testing
import ViperJSON

@testable import SampleServer

@Suite("The flights API: airports, availability, bookings that take seats")
struct FlightsAPITests {
    @Test("Every bundled airport is real, and its city has weather")
    func airports() async throws {
        #expect(SampleAirport.all.count >= 40)
        let cities = Set(SamplePlace.all.map(\.name))
        #expect(SampleAirport.all.allSatisfy { cities.contains($0.city) })
        let london = await (try SampleAPIHarness()).get("/v1/airports", ["query": "london"])
        guard case .array(let found) = london.body else { return }
        #expect(found.contains { $0["code"] == "LGW" })
        #expect(found.allSatisfy { $0["city"] == "London" || ($0["name"]?.stringValue?.contains("London") ?? false) })
    }

    @Test("Availability lists flights with the airports' offsets; the same request gives the same flights")
    func availability() async throws {
        let api = try SampleAPIHarness()
        let query = ["from": "LGW", "to": "CDG", "date": "2026-11-24", "passengers": "2"]
        let response = await api.get("/v1/availability", query)
        #expect(response.status == 200)
        guard case .array(let flights)? = response.body["flights"], let first = flights.first else {
            Issue.record("no flights in \(response.body)")
            return
        }
        #expect(first["id"]?.stringValue?.hasPrefix("LGW-CDG-20261124-") == true)
        #expect(first["departure"]?.stringValue?.hasSuffix("+00:00") == true)
        #expect(first["arrival"]?.stringValue?.hasSuffix("+01:00") == true)
        #expect(first["price"]?["currency"] == "GBP")
        #expect(await api.get("/v1/availability", query).body == response.body)
    }

    @Test(
        "Bad searches are 422 naming the field",
        arguments: [
            (["from": "XXX", "to": "CDG", "date": "2026-11-24"], "from"),
            (["from": "LGW", "to": "LGW", "date": "2026-11-24"], "to"),
            (["from": "LGW", "to": "CDG", "date": "2026-11-22"], "date"),
            (["from": "LGW", "to": "CDG", "date": "24/11/2026"], "date"),
            (["from": "LGW", "to": "CDG", "date": "2026-11-24", "passengers": "0"], "passengers"),
            (["from": "LGW", "to": "CDG", "date": "2026-11-24", "passengers": "10"], "passengers"),
        ] as [([String: String], String)])
    func badSearch(query: [String: String], field: String) async throws {
        let response = await (try SampleAPIHarness()).get("/v1/availability", query)
        #expect(response.status == 422)
        #expect(response.body["field"] == .string(field))
    }

    @Test("A booking takes its seats, and a flight with too few left is 409 soldOut")
    func booking() async throws {
        let api = try SampleAPIHarness()
        let flight = try #require(nearlyFullFlight())
        let booked = await api.post("/v1/bookings", ["flightId": .string(flight.id), "passengers": 1])
        #expect(booked.status == 201)
        #expect(booked.body["reference"]?.stringValue?.hasPrefix("EZ") == true)
        #expect(booked.body["total"]?["amount"] == .number(flight.price))
        let day = String(flight.id.split(separator: "-")[2])
        let after = await api.get("/v1/availability", [
            "from": flight.from.code, "to": flight.to.code, "date": "\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2))",
        ])
        guard case .array(let flights)? = after.body["flights"] else { return }
        #expect(flights.first { $0["id"] == .string(flight.id) }?["seatsLeft"] == 1)
        let soldOut = await api.post("/v1/bookings", ["flightId": .string(flight.id), "passengers": 2])
        #expect(soldOut.status == 409)
        #expect(soldOut.body["error"] == "soldOut")
        #expect(await api.post("/v1/bookings", ["flightId": "LGW-CDG-20261124-9", "passengers": 1]).status == 404)
    }

    /// A flight of the next days with two seats, as one in six has.
    private func nearlyFullFlight() -> ScheduledFlight? {
        let airports = SampleAirport.all
        for from in airports.prefix(8) {
            for to in airports where to.code != from.code {
                if let flight = ScheduledFlight.timetable(from: from, to: to, day: "2026-11-25").first(where: { $0.seats == 2 }) { return flight }
            }
        }
        return nil
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
