import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The airline's Service over HTTP: `GET /v1/airports`, `GET /v1/availability` and
/// `POST /v1/bookings` of a `viper sample-server` (docs/sample-server.openapi.json).
struct HTTPFlightsService: FlightsService {
    let endpoint: ServiceEndpoint
    let client: ServiceClient

    static let airportsOperation = "flights.airports"
    static let availabilityOperation = "flights.availability"
    static let bookOperation = "flights.book"

    func airports() async throws(FlightsFailure) -> [Airport] {
        let reply = try await client.send("GET", "/v1/airports", on: endpoint, operation: Self.airportsOperation, failingAs: FlightsFailure.self)
        guard case .array(let airports) = try reply.success(failingAs: FlightsFailure.self) else { throw .malformed("the airports are not a list") }
        return airports.compactMap(Self.airport)
    }

    func availability(for criteria: FlightSearchCriteria) async throws(FlightsFailure) -> [Flight] {
        let reply = try await client.send(
            "GET", "/v1/availability", on: endpoint,
            query: [
                ("from", criteria.from.code), ("to", criteria.to.code), ("date", criteria.date.description),
                ("passengers", String(criteria.passengers)),
            ],
            operation: Self.availabilityOperation, failingAs: FlightsFailure.self)
        guard case .array(let flights)? = try reply.success(failingAs: FlightsFailure.self)["flights"] else { throw .malformed("no list of flights") }
        return flights.compactMap(Self.flight)
    }

    func book(flightID: String, passengers: Int) async throws(FlightsFailure) -> Booking {
        let reply = try await client.send(
            "POST", "/v1/bookings", on: endpoint, body: ["flightId": .string(flightID), "passengers": .number(Double(passengers))],
            operation: Self.bookOperation, failingAs: FlightsFailure.self)
        if reply.status == 409, reply.body["error"]?.text == "soldOut" {
            throw .soldOut(reply.body["message"]?.text ?? "The flight has fewer seats left than this booking needs.")
        }
        let body = try reply.success(failingAs: FlightsFailure.self)
        guard let reference = body["reference"]?.text, let total = Self.money(body["total"]) else {
            throw .malformed("no reference and total in the booking")
        }
        return Booking(reference: reference, total: total)
    }



    private static func airport(_ json: JSONValue) -> Airport? {
        guard let code = json["code"]?.text, let name = json["name"]?.text, let city = json["city"]?.text,
            let country = json["country"]?.text, let latitude = json["latitude"]?.double, let longitude = json["longitude"]?.double,
            let zone = json["timezone"]?.text.flatMap(TimeZone.init(identifier:))
        else { return nil }
        return Airport(
            code: code.uppercased(), name: name, city: city, country: country, latitude: latitude, longitude: longitude, timeZone: zone)
    }

    private static func flight(_ json: JSONValue) -> Flight? {
        guard let id = json["id"]?.text, let number = json["number"]?.text,
            let departure = json["departure"]?.text.flatMap(instant), let arrival = json["arrival"]?.text.flatMap(instant),
            let price = money(json["price"]), let seats = json["seatsLeft"]?.integer
        else { return nil }
        return Flight(id: id, number: number, departure: departure, arrival: arrival, price: price, seatsLeft: max(0, seats))
    }

    /// `{"amount", "currency"}`; the amount read through its shortest decimal text, so that
    /// 59.99 is 59.99 and not the binary double nearest to it.
    private static func money(_ json: JSONValue?) -> Money? {
        guard let amount = json?["amount"]?.double, let currency = json?["currency"]?.text,
            let decimal = Decimal(string: String(amount), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return Money(amount: decimal, currency: currency)
    }

    /// `2026-11-24T07:05:00+00:00`: an instant with the airport's offset.
    private static func instant(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }
}
