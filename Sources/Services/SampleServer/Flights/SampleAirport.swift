import Foundation

/// A real airport the flights API serves.
struct SampleAirport: Sendable {
    let code: String
    let name: String
    let city: String
    let country: String
    let latitude: Double
    let longitude: Double
    let timezone: TimeZone

    /// Every bundled airport, by code.
    static let all: [SampleAirport] = AirportData.lines
        .split(separator: "\n")
        .map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            precondition(fields.count == 7, "a line of AirportData has \(fields.count) fields, not 7: \(line)")
            guard let zone = TimeZone(identifier: fields[6]) else { preconditionFailure("AirportData names an unknown time zone: \(line)") }
            return SampleAirport(
                code: fields[0], name: fields[1], city: fields[2], country: fields[3],
                latitude: Double(fields[4])!, longitude: Double(fields[5])!, timezone: zone)
        }
        .sorted { $0.code < $1.code }

    static let byCode = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// The great-circle distance to another airport, in kilometres.
    func distance(to other: SampleAirport) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }

    /// The currency its flights are sold in, as the airline prices them.
    var currency: String {
        switch country {
        case "United Kingdom": "GBP"
        case "Switzerland": "CHF"
        default: "EUR"
        }
    }
}
