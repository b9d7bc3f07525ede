import AppTestSupport
import CustomDump
import Foundation
import ServiceKit
import Testing
import ViperCore
import ViperJSON

@testable import FlightsApp

/// The flights Service at `http://api.test/base`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    var service: HTTPFlightsService { httpFlightsService(http, faults: faults) }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

/// A request's JSON body.
private func body(_ request: HTTPRequest) throws -> JSONValue {
    try JSONParser.parse(Array(try #require(request.body)))
}

/// Two airports as `GET /v1/airports` writes them.
private let airportsJSON = #"""
    [
      {"code":"LGW","name":"London Gatwick Airport","city":"London","country":"United Kingdom","latitude":51.1481,"longitude":-0.19028,"timezone":"Europe/London"},
      {"code":"CDG","name":"Paris Charles de Gaulle Airport","city":"Paris","country":"France","latitude":49.0128,"longitude":2.55,"timezone":"Europe/Paris"}
    ]
    """#

/// One flight as `GET /v1/availability` writes it: instants with each airport's offset.
private let flightJSON = #"""
    {"id":"LGW-CDG-20261124-0745","number":"EZY8012","from":"LGW","to":"CDG","departure":"2026-11-24T07:45:00+00:00","arrival":"2026-11-24T09:40:00+01:00","price":{"amount":93.99,"currency":"GBP"},"seatsLeft":115}
    """#

@Suite("The HTTP flights Service: the flights API's requests, and its answers as flights failures")
struct HTTPFlightsServiceTests {
    // MARK: Airports: GET /v1/airports

    @Test("The airports are a GET of /v1/airports under the base URL's path, read with their time zones")
    func airports() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: airportsJSON)
        let airports = try await fixture.service.airports()
        expectNoDifference(airports, [gatwick, charlesDeGaulle])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://api.test/base/v1/airports")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test("An airport's code is kept in capitals, however the server writes it")
    func airportCodeInCapitals() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"[{"code":"lgw","name":"London Gatwick Airport","city":"London","country":"United Kingdom","latitude":51.1481,"longitude":-0.19028,"timezone":"Europe/London"}]"#)
        #expect(try await fixture.service.airports().map(\.code) == ["LGW"])
    }

    @Test("Airports without a field, with a number as text, or with a time zone no one knows are skipped")
    func incompleteAirports() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                [
                  {"code":"XNC","name":"No City","country":"France","latitude":1,"longitude":2,"timezone":"Europe/Paris"},
                  {"code":"XLT","name":"Text Latitude","city":"Nowhere","country":"France","latitude":"49.0","longitude":2,"timezone":"Europe/Paris"},
                  {"code":"XTZ","name":"Unknown Zone","city":"Nowhere","country":"France","latitude":49,"longitude":2,"timezone":"Mars/Olympus_Mons"},
                  {"code":"LIS","name":"Humberto Delgado Airport","city":"Lisbon","country":"Portugal","latitude":38.7813,"longitude":-9.13592,"timezone":"Europe/Lisbon"}
                ]
                """#)
        let airports = try await fixture.service.airports()
        expectNoDifference(airports, [lisbon])
    }

    @Test("An answer that is not a list of airports could not be read")
    func airportsNotAList() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"airports":[]}"#)
        await #expect(throws: FlightsFailure.malformed("the airports are not a list")) {
            try await fixture.service.airports()
        }
    }

    // MARK: Availability: GET /v1/availability

    @Test("Availability is a GET of /v1/availability with the codes, the day and the passengers in the query")
    func availabilityRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"flights":[]}"#)
        let flights = try await fixture.service.availability(for: searchCriteria(passengers: 3))
        #expect(flights == [])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://api.test/base/v1/availability?from=LGW&to=CDG&date=2026-11-24&passengers=3")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test("A flight is read with its instants (whatever offset each is written with), its price and its seats")
    func availabilityFlights() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"flights":[\#(flightJSON)]}"#)
        let flights = try await fixture.service.availability(for: searchCriteria())
        expectNoDifference(flights, [sampleFlight()])
        let flight = try #require(flights.first)
        #expect(flight.departure == instant("2026-11-24T07:45:00Z"))
        #expect(flight.arrival == instant("2026-11-24T08:40:00Z"))
    }

    @Test("A price is the exact decimal the server wrote: 93.99 three times is 281.97 to the cent")
    func exactPrice() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"flights":[\#(flightJSON)]}"#)
        let flights = try await fixture.service.availability(for: searchCriteria())
        let price = try #require(flights.first).price
        #expect(price.amount == Decimal(string: "93.99")!)
        #expect(price.currency == "GBP")
        #expect(price.amount * 3 == Decimal(string: "281.97")!)
    }

    @Test("Flights without a readable instant, price or seat count are skipped; a negative count is no seats")
    func incompleteFlights() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"flights":[
                  {"id":"A","number":"EZY1","departure":"tomorrow","arrival":"2026-11-24T09:40:00+01:00","price":{"amount":10,"currency":"GBP"},"seatsLeft":1},
                  {"id":"B","number":"EZY2","departure":"2026-11-24T07:45:00+00:00","arrival":"2026-11-24T09:40:00+01:00","price":{"amount":"10","currency":"GBP"},"seatsLeft":1},
                  {"id":"C","number":"EZY3","departure":"2026-11-24T07:45:00+00:00","arrival":"2026-11-24T09:40:00+01:00","price":{"amount":10,"currency":"GBP"},"seatsLeft":1.5},
                  {"id":"D","number":"EZY4","departure":"2026-11-24T07:45:00+00:00","arrival":"2026-11-24T09:40:00+01:00","price":{"amount":10,"currency":"GBP"},"seatsLeft":-3}
                ]}
                """#)
        let flights = try await fixture.service.availability(for: searchCriteria())
        expectNoDifference(flights, [sampleFlight("D", number: "EZY4", price: "10", seatsLeft: 0)])
    }

    @Test("An answer without a list of flights could not be read", arguments: [#"{}"#, #"{"flights":{}}"#, "[]"])
    func noListOfFlights(json: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: json)
        await #expect(throws: FlightsFailure.malformed("no list of flights")) {
            try await fixture.service.availability(for: searchCriteria())
        }
    }

    @Test("A 422 naming a field is a refusal in the server's words")
    func availabilityRefused() async {
        let fixture = Fixture()
        fixture.http.willRespond(422, json: #"{"error":"invalid","field":"date","message":"The day 2026-11-22 has passed."}"#)
        await #expect(throws: FlightsFailure.refused("The day 2026-11-22 has passed.")) {
            try await fixture.service.availability(for: searchCriteria(date: "2026-11-22"))
        }
    }

    // MARK: Booking: POST /v1/bookings

    @Test("Booking posts the flight's id and the passengers, a whole number, as JSON to /v1/bookings")
    func bookRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            201, json: #"{"reference":"EZ4K2P9Q","flightId":"LGW-CDG-20261124-0745","passengers":3,"total":{"amount":281.97,"currency":"GBP"}}"#)
        let booking = try await fixture.service.book(flightID: "LGW-CDG-20261124-0745", passengers: 3)
        #expect(booking == Booking(reference: "EZ4K2P9Q", total: money("281.97")))
        let request = try fixture.request()
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://api.test/base/v1/bookings")
        #expect(request.headers == ["Accept": "application/json", "Content-Type": "application/json"])
        let expected: JSONValue = ["flightId": "LGW-CDG-20261124-0745", "passengers": 3]
        #expect(try body(request) == expected)
        // The server reads an integer: 3, not 3.0.
        #expect(String(decoding: try #require(request.body), as: UTF8.self) == #"{"flightId":"LGW-CDG-20261124-0745","passengers":3}"#)
    }

    @Test("The booking's total is the server's, as an exact decimal")
    func bookingTotalExact() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: #"{"reference":"EZ4K2P9Q","flightId":"F","passengers":7,"total":{"amount":419.93,"currency":"EUR"}}"#)
        let booking = try await fixture.service.book(flightID: "F", passengers: 7)
        #expect(booking.total.amount == Decimal(string: "419.93")!)
        #expect(booking.total.currency == "EUR")
    }

    @Test("A 409 soldOut is a sold-out flight with the server's message")
    func soldOut() async {
        let fixture = Fixture()
        fixture.http.willRespond(409, json: #"{"error":"soldOut","message":"Flight EZY8012 has fewer than 3 seats left."}"#)
        await #expect(throws: FlightsFailure.soldOut("Flight EZY8012 has fewer than 3 seats left.")) {
            try await fixture.service.book(flightID: "LGW-CDG-20261124-0745", passengers: 3)
        }
    }

    @Test("A 409 soldOut without a message is still sold out, saying so")
    func soldOutWithoutMessage() async {
        let fixture = Fixture()
        fixture.http.willRespond(409, json: #"{"error":"soldOut"}"#)
        await #expect(throws: FlightsFailure.soldOut("The flight has fewer seats left than this booking needs.")) {
            try await fixture.service.book(flightID: "LGW-CDG-20261124-0745", passengers: 3)
        }
    }

    @Test("A 422 on a booking is a refusal in the server's words")
    func bookingRefused() async {
        let fixture = Fixture()
        fixture.http.willRespond(422, json: #"{"error":"invalid","field":"flightId","message":"Flight EZY8012 has departed."}"#)
        await #expect(throws: FlightsFailure.refused("Flight EZY8012 has departed.")) {
            try await fixture.service.book(flightID: "LGW-CDG-20261124-0745", passengers: 1)
        }
    }

    @Test("A 409 that is not soldOut is a refusal, not a sold-out flight")
    func otherConflict() async {
        let fixture = Fixture()
        fixture.http.willRespond(409, json: #"{"error":"duplicate","message":"This booking was made already."}"#)
        await #expect(throws: FlightsFailure.refused("This booking was made already.")) {
            try await fixture.service.book(flightID: "LGW-CDG-20261124-0745", passengers: 1)
        }
    }

    @Test(
        "A 201 without a reference or a readable total could not be read",
        arguments: [
            #"{"flightId":"F","passengers":1,"total":{"amount":93.99,"currency":"GBP"}}"#,
            #"{"reference":"EZ4K2P9Q","flightId":"F","passengers":1}"#,
            #"{"reference":"EZ4K2P9Q","flightId":"F","passengers":1,"total":{"amount":93.99}}"#,
        ])
    func bookingUnreadable(json: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(201, json: json)
        await #expect(throws: FlightsFailure.malformed("no reference and total in the booking")) {
            try await fixture.service.book(flightID: "F", passengers: 1)
        }
    }

    // MARK: Answers that are not the airline's

    @Test("An HTML page with a 200 could not be read")
    func htmlWith200() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, html: "<html><body>Welcome to the captive portal</body></html>")
        await #expect(throws: FlightsFailure.malformed("the body (text/html) is not JSON")) {
            try await fixture.service.airports()
        }
    }

    @Test("An HTML page with an error status is that status")
    func htmlWith502() async {
        let fixture = Fixture()
        fixture.http.willRespond(502, html: "<html><body><h1>502 Bad Gateway</h1></body></html>")
        await #expect(throws: FlightsFailure.status(502)) {
            try await fixture.service.availability(for: searchCriteria())
        }
    }

    @Test("JSON with an error status but without a message is that status")
    func jsonErrorWithoutMessage() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, json: #"{"error":"internal"}"#)
        await #expect(throws: FlightsFailure.status(500)) {
            try await fixture.service.book(flightID: "F", passengers: 1)
        }
    }

    // MARK: No answer

    @Test("No answer at all is unreachable, with the HTTP port's reason")
    func unreachable() async {
        let fixture = Fixture()
        fixture.http.willFail("connection refused")
        await #expect(throws: FlightsFailure.unreachable("connection refused")) {
            try await fixture.service.airports()
        }
    }

    @Test("A request the port cancels is cancelled")
    func cancelled() async {
        let fixture = Fixture()
        fixture.http.willCancel()
        await #expect(throws: FlightsFailure.cancelled) {
            try await fixture.service.book(flightID: "F", passengers: 1)
        }
    }

    @Test("Each call is its own fault operation: an injected fault is unreachable with its text and sends nothing")
    func injectedFaults() async throws {
        let fixture = Fixture()
        #expect(FlightsApp.faultOperations == ["flights.airports", "flights.availability", "flights.book"])
        fixture.faults.arm("flights.book", message: "boom")
        await #expect(throws: FlightsFailure.unreachable("boom")) {
            try await fixture.service.book(flightID: "F", passengers: 1)
        }
        #expect(fixture.http.requests.isEmpty)
        fixture.faults.arm("flights.availability", message: "no route")
        await #expect(throws: FlightsFailure.unreachable("no route")) {
            try await fixture.service.availability(for: searchCriteria())
        }
        fixture.faults.arm("flights.airports", message: "no airports")
        await #expect(throws: FlightsFailure.unreachable("no airports")) {
            try await fixture.service.airports()
        }
        #expect(fixture.http.requests.isEmpty)
        // A fault fires once.
        fixture.http.willRespond(200, json: airportsJSON)
        #expect(try await fixture.service.airports().count == 2)
    }
}
