import Foundation
import ViperJSON
import ViperStore

/// The Flights app's airline: airports, availability for a route and a day, and
/// bookings that really take seats.
struct FlightsAPI: Sendable {
    let store: Store
    let clock: SampleClock

    func register(in router: inout SampleRouter) {
        router.add("GET", "/v1/airports") { request, _ throws(SampleFailure) in airports(request) }
        router.add("GET", "/v1/availability") { request, _ throws(SampleFailure) in try await availability(request) }
        router.add("POST", "/v1/bookings") { request, _ throws(SampleFailure) in try await book(request) }
    }

    private func airports(_ request: SampleRequest) -> SampleResponse {
        let query = (request.query["query"] ?? "").trimmingCharacters(in: .whitespaces)
        let folded = Self.folded(query)
        let found = SampleAirport.all.filter { airport in
            query.isEmpty || airport.code == query.uppercased()
                || [airport.name, airport.city, airport.country].contains { Self.folded($0).contains(folded) }
        }
        return SampleResponse(200, .array(found.map { airport in
            [
                "code": .string(airport.code), "name": .string(airport.name), "city": .string(airport.city),
                "country": .string(airport.country), "latitude": .number(airport.latitude), "longitude": .number(airport.longitude),
                "timezone": .string(airport.timezone.identifier),
            ]
        }))
    }

    private func availability(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        let from = try airport(request.query["from"], field: "from")
        let to = try airport(request.query["to"], field: "to")
        guard from.code != to.code else { throw .invalid(field: "to", "The destination must differ from the origin.") }
        guard let day = request.query["date"], Self.isDay(day) else {
            throw .invalid(field: "date", "date is a day as YYYY-MM-DD.")
        }
        guard day >= Self.today(in: from.timezone, now: clock.now()) else {
            throw .invalid(field: "date", "\(day) is in the past at \(from.code).")
        }
        let passengers = try Self.passengers(Int(request.query["passengers"] ?? "1"), raw: request.query["passengers"])
        let now = clock.now()
        let flights = ScheduledFlight.timetable(from: from, to: to, day: day).filter { $0.departure > now }
        let booked = try await bookedSeats(flights.map(\.id))
        return SampleResponse(200, [
            "passengers": .number(Double(passengers)),
            "flights": .array(flights.map { flight in
                [
                    "id": .string(flight.id), "number": .string(flight.number), "from": .string(from.code), "to": .string(to.code),
                    "departure": .string(ScheduledFlight.instant(flight.departure, in: from.timezone)),
                    "arrival": .string(ScheduledFlight.instant(flight.arrival, in: to.timezone)),
                    "price": ["amount": .number(flight.price), "currency": .string(from.currency)],
                    "seatsLeft": .number(Double(max(0, flight.seats - (booked[flight.id] ?? 0)))),
                ]
            }),
        ])
    }

    private func book(_ request: SampleRequest) async throws(SampleFailure) -> SampleResponse {
        let body = try request.jsonObject()
        let flightID = try request.string("flightId", in: body)
        let passengers = try Self.passengers(try request.integer("passengers", in: body), raw: nil)
        guard let flight = ScheduledFlight.find(flightID) else { throw SampleFailure(404, "notFound", "There is no flight \(flightID).") }
        guard flight.departure > clock.now() else { throw .invalid(field: "flightId", "Flight \(flight.number) has departed.") }
        let bookedAt = Timestamp.string(clock.now())
        let reference = try await stored {
            try await store.write { db -> String? in
                // Two processes booking the last seats at once must take turns: each checks what
                // the other has not committed yet otherwise.
                try await db.serialize(on: Self.bookingsKey)
                let booked: Int = try await db.row("SELECT CAST(COALESCE(SUM(passengers), 0) AS BIGINT) FROM sample_bookings WHERE flight_id = ?", flightID)?.get(0) ?? 0
                guard flight.seats - booked >= passengers else { return nil }
                let next: Int64 = try await db.row("SELECT CAST(COALESCE(MAX(id), 0) + 1 AS BIGINT) FROM sample_bookings")?.get(0) ?? 1
                let reference = Self.reference(next)
                try await db.execute(
                    "INSERT INTO sample_bookings (id, flight_id, passengers, reference, booked_at) VALUES (?, ?, ?, ?, ?)", next, flightID, passengers,
                    reference, bookedAt)
                db.announce(SampleStore.bookingsTopic)
                return reference
            }
        }
        guard let reference else { throw SampleFailure(409, "soldOut", "Flight \(flight.number) has fewer than \(passengers) seats left.") }
        return SampleResponse(201, [
            "reference": .string(reference), "flightId": .string(flightID), "passengers": .number(Double(passengers)),
            "total": ["amount": .number((flight.price * Double(passengers) * 100).rounded() / 100), "currency": .string(flight.from.currency)],
        ])
    }

    private func airport(_ code: String?, field: String) throws(SampleFailure) -> SampleAirport {
        guard let code, !code.isEmpty else { throw .invalid(field: field, "\(field) is an airport code, such as LGW.") }
        guard let airport = SampleAirport.byCode[code.uppercased()] else {
            throw .invalid(field: field, "No airport has the code \(code); GET /v1/airports?query= finds one.")
        }
        return airport
    }

    private func bookedSeats(_ ids: [String]) async throws(SampleFailure) -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        return try await stored {
            try await store.read { db in
                let placeholders = ids.map { _ in "?" }.joined(separator: ", ")
                let rows = try await db.query(
                    "SELECT flight_id, CAST(SUM(passengers) AS BIGINT) AS seats FROM sample_bookings WHERE flight_id IN (\(placeholders)) GROUP BY flight_id",
                    ids.map(\.storeValue))
                return Dictionary(uniqueKeysWithValues: try rows.map { (try $0.get("flight_id") as String, try $0.get("seats") as Int) })
            }
        }
    }

    /// What bookings take turns on.
    private static let bookingsKey = "sample_bookings"

    private static func passengers(_ count: Int?, raw: String?) throws(SampleFailure) -> Int {
        guard let count, (1...9).contains(count) else {
            throw .invalid(field: "passengers", "A booking is for 1 to 9 passengers\(raw.map { ", not \($0)" } ?? "").")
        }
        return count
    }

    /// Whether `text` is `YYYY-MM-DD` naming a day that exists (not 2027-02-30).
    private static func isDay(_ text: String) -> Bool {
        guard text.utf8.count == 10, let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) else { return false }
        return date.formatted(Date.ISO8601FormatStyle().year().month().day()) == text
    }

    private static func today(in zone: TimeZone, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// `EZ` and six letters and digits, a different one for every booking number.
    private static func reference(_ number: Int64) -> String {
        // 2,654,435,761 is prime, so multiplying by it modulo 36^6 never maps two numbers to one.
        var value = UInt64(number) &* 2_654_435_761 % 2_176_782_336
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var letters: [Character] = []
        for _ in 0..<6 {
            letters.append(digits[Int(value % 36)])
            value /= 36
        }
        return "EZ" + String(letters)
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
