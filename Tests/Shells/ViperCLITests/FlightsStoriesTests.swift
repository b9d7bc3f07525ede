import Foundation
import Testing
import WebSocketTestClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Flights stories (protocol.md section 16), over the wire: the built `viper serve`
/// booking on a `viper sample-server` on 127.0.0.1 whose bookings really take seats, and
/// showing the destination's weather from the same server.
@Suite("Flights over the wire, against a sample server", .serialized)
struct FlightsStoriesTests {
    static let now = "2026-11-23T09:00:00Z"
    static let tomorrow = "2026-11-24"

    private func viewModel(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: line)) as? [String: Any])
    }

    private func flights(_ line: String) throws -> [[String: Any]] {
        try #require(try viewModel(line)["flights"] as? [[String: Any]])
    }

    /// Fills the search form of a fresh engine and taps search: the lines of `searchTapped`.
    private func search(on engine: ServeProcess, passengers: Int) throws -> [String] {
        _ = try engine.call(Wire.initialize(1, now: Self.now, timeZone: "Europe/London", locale: "en_GB"))
        _ = try engine.call(Wire.request(2, "app.start", #"{"app":"flights"}"#))
        _ = try engine.call(Wire.event(3, "flights.search#1", "fromChanged", #"{"code":"lgw"}"#))
        _ = try engine.call(Wire.event(4, "flights.search#1", "toChanged", #"{"code":"CDG"}"#))
        _ = try engine.call(Wire.event(5, "flights.search#1", "dateChanged", #"{"date":"\#(Self.tomorrow)"}"#))
        let filled = try engine.call(Wire.event(6, "flights.search#1", "passengersChanged", #"{"count":\#(passengers)}"#))
        #expect(try viewModel(filled[0])["searchEnabled"] as? Bool == true, "\(filled)")
        return try engine.call(Wire.event(7, "flights.search#1", "searchTapped"))
    }

    @Test("Search for tomorrow, pick a flight, see the destination's weather, go back, book it, and find fewer seats at the next search")
    func bookAFlight() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url, "--weather-url", server.url])
            let searched = try search(on: engine, passengers: 2)
            #expect(searched.first == Wire.navigate("push", "flights.availability#1", from: "flights.search#1"))
            try #require(searched.count == 4, "\(searched)")
            let listed = try viewModel(searched[2])
            #expect(listed["state"] as? String == "loaded")
            #expect(listed["route"] as? String == "London (LGW) → Paris (CDG)")
            let flight = try #require(try flights(searched[2]).first { $0["selectable"] as? Bool == true })
            let flightID = try #require(flight["flightId"] as? String)
            let seatsBefore = try #require(flight["seatsLeft"] as? Int)
            #expect((flight["price"] as? String)?.hasPrefix("£") == true, "\(flight)")

            let summary = try engine.call(Wire.event(8, "flights.availability#1", "flightTapped", #"{"flightId":"\#(flightID)"}"#))
            #expect(summary.first == Wire.navigate("push", "flights.summary#1", from: "flights.availability#1"))
            #expect(try viewModel(summary[1])["state"] as? String == "ready")

            let weather = try engine.call(Wire.event(9, "flights.summary#1", "destinationWeatherTapped"))
            #expect(weather.first == Wire.navigate("push", "weather.detail#1", from: "flights.summary#1"))
            try #require(weather.count == 4, "\(weather)")
            let forecast = try viewModel(weather[2])
            #expect(forecast["name"] as? String == "Paris" && forecast["state"] as? String == "loaded", "\(forecast)")
            #expect((forecast["days"] as? [Any])?.count == 7)
            let back = try engine.call(Wire.request(10, "view.back", #"{"scene":"weather.detail#1"}"#))
            #expect(back == [Wire.navigate("pop", "weather.detail#1", from: "flights.summary#1"), Wire.result(10, "{}")])

            let booked = try engine.call(Wire.event(11, "flights.summary#1", "bookTapped"))
            try #require(booked.count == 3, "\(booked)")
            #expect(try viewModel(booked[0])["state"] as? String == "booking")
            let done = try viewModel(booked[1])
            #expect(done["state"] as? String == "booked")
            #expect(try viewModel(booked[0])["bookEnabled"] as? Bool == false, "Book works while booking")
            #expect(done["bookEnabled"] as? Bool == false, "Book works once booked")
            #expect((done["reference"] as? String)?.range(of: "^EZ[0-9A-Z]{6}$", options: .regularExpression) != nil, "\(done)")
            // Nothing is booked twice.
            #expect(try engine.call(Wire.event(12, "flights.summary#1", "bookTapped")) == [Wire.result(12, "{}")])

            let popped = try engine.call(Wire.event(13, "flights.summary#1", "doneTapped"))
            #expect(popped == [
                Wire.navigate("pop", "flights.summary#1", from: "flights.availability#1"),
                Wire.navigate("pop", "flights.availability#1", from: "flights.search#1"), Wire.result(13, "{}"),
            ])
            let again = try engine.call(Wire.event(14, "flights.search#1", "searchTapped"))
            try #require(again.count == 4, "\(again)")
            let seatsAfter = try #require(try flights(again[2]).first { $0["flightId"] as? String == flightID }?["seatsLeft"] as? Int)
            #expect(seatsAfter == seatsBefore - 2)
            #expect(try engine.finish().status == 0)
        }
    }

    @Test("A flight that sells out while its summary is open: an alert, then back to the availability with the seats left")
    func soldOut() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            let searched = try search(on: engine, passengers: 9)
            let flight = try #require(try flights(searched[2]).first { $0["selectable"] as? Bool == true })
            let flightID = try #require(flight["flightId"] as? String)
            _ = try engine.call(Wire.event(8, "flights.availability#1", "flightTapped", #"{"flightId":"\#(flightID)"}"#))

            // Other travellers take the seats meanwhile.
            var status = 201
            var bookings = 0
            while status == 201 {
                status = try Self.book(flightID, passengers: 9, on: server.url)
                bookings += 1
                try #require(bookings < 100, "the flight never sold out")
            }
            #expect(status == 409)

            let refused = try engine.call(Wire.event(9, "flights.summary#1", "bookTapped"))
            try #require(refused.count == 5, "\(refused)")
            let failed = try viewModel(refused[1])
            #expect(failed["state"] as? String == "failed")
            #expect((failed["errorMessage"] as? String)?.contains("fewer than 9 seats") == true, "\(failed)")
            #expect(refused[2] == Wire.navigate("present", "alert#1", from: "flights.summary#1"))
            #expect(try viewModel(refused[3])["title"] as? String == "Sold out")

            let dismissed = try engine.call(Wire.event(10, "alert#1", "dismissTapped"))
            try #require(dismissed.count == 5, "\(dismissed)")
            #expect(Array(dismissed.prefix(2)) == [
                Wire.navigate("dismiss", "alert#1", from: "flights.summary#1"),
                Wire.navigate("pop", "flights.summary#1", from: "flights.availability#1"),
            ])
            let reloaded = try #require(try flights(dismissed[3]).first { $0["flightId"] as? String == flightID })
            #expect((reloaded["seatsLeft"] as? Int ?? 99) < 9)
            #expect(reloaded["selectable"] as? Bool == false)
            #expect(try engine.finish().status == 0)
        }
    }

    /// Books straight on the server, as another traveller would: the answer's status.
    private static func book(_ flightID: String, passengers: Int, on server: String) throws -> Int {
        var request = URLRequest(url: try #require(URL(string: server + "/v1/bookings")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"flightId":"\#(flightID)","passengers":\#(passengers)}"#.utf8)
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            answered.signal()
        }.resume()
        answered.wait()
        return status
    }
}
