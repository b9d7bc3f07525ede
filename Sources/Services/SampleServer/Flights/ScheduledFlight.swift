import Foundation

/// A flight of the generated timetable: the same route and date always give the same flights,
/// numbers, times, prices and seats, and only bookings change the seats left.
struct ScheduledFlight: Sendable {
    let id: String
    let number: String
    let from: SampleAirport
    let to: SampleAirport
    let departure: Date
    let arrival: Date
    let price: Double
    let seats: Int

    /// The flights from `from` to `to` on `day` (`YYYY-MM-DD`, in the origin's time zone); none
    /// for a route the airline does not fly.
    static func timetable(from: SampleAirport, to: SampleAirport, day: String) -> [ScheduledFlight] {
        guard from.code != to.code, isFlown(from, to) else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = from.timezone
        // Only days that exist: the calendar rolls 2027-02-30 over to 2 March, which gave a
        // second, different timetable for that day.
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let noon = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)),
            calendar.dateComponents([.year, .month, .day], from: noon) == DateComponents(year: parts[0], month: parts[1], day: parts[2])
        else { return [] }
        let compact = day.replacingOccurrences(of: "-", with: "")
        let count = StableHash.pick(1...4, from: "\(from.code)\(to.code)|\(day)|count")
        let distance = from.distance(to: to)
        let minutes = Int((distance / 780 * 60 + 35) / 5) * 5
        return (1...count).compactMap { index in
            let seed = "\(from.code)\(to.code)|\(day)|\(index)"
            let hour = 6 + (index - 1) * 4 + StableHash.pick(0...2, from: seed + "|h")
            let minute = StableHash.pick(0...11, from: seed + "|m") * 5
            guard let departure = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour, minute: minute)) else { return nil }
            let routeNumber = StableHash.pick(1000...8999, from: "\(from.code)\(to.code)") + index - 1
            // One flight in six is nearly full, so the sold-out story is easy to find.
            let seats = StableHash.pick(0...5, from: seed + "|full") == 0 ? 2 : StableHash.pick(20...180, from: seed + "|seats")
            let price = (25 + distance * 0.06 + Double(StableHash.pick(0...60, from: seed + "|price"))).rounded(.down) + 0.99
            return ScheduledFlight(
                id: "\(from.code)-\(to.code)-\(compact)-\(index)", number: "EZY\(routeNumber)", from: from, to: to,
                departure: departure, arrival: departure.addingTimeInterval(Double(minutes * 60)), price: price, seats: seats)
        }
    }

    /// The flight an id names, or nil when the timetable has no such flight.
    static func find(_ id: String) -> ScheduledFlight? {
        let parts = id.split(separator: "-").map(String.init)
        guard parts.count == 4, let from = SampleAirport.byCode[parts[0]], let to = SampleAirport.byCode[parts[1]], parts[2].count == 8 else { return nil }
        let compact = parts[2]
        let day = "\(compact.prefix(4))-\(compact.dropFirst(4).prefix(2))-\(compact.suffix(2))"
        return timetable(from: from, to: to, day: day).first { $0.id == id }
    }

    /// Four routes in five are flown, both ways.
    private static func isFlown(_ a: SampleAirport, _ b: SampleAirport) -> Bool {
        let pair = [a.code, b.code].sorted().joined()
        return StableHash.pick(0...4, from: pair + "|flown") != 0
    }

    /// An instant with the offset of `zone`: `2026-11-24T07:15:00+01:00`.
    static func instant(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, sign,
            abs(offset) / 3600, abs(offset) % 3600 / 60)
    }
}
