import Foundation

/// A real place the geocoding search finds.
struct SamplePlace: Sendable {
    let id: Int
    let name: String
    let admin1: String
    let country: String
    let countryCode: String
    let latitude: Double
    let longitude: Double
    let timezone: String
    let population: Int
    let elevation: Int

    /// Every bundled place, most populous first (the order search results come in).
    static let all: [SamplePlace] = PlaceData.lines
        .split(separator: "\n")
        .map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            precondition(fields.count == 10, "a line of PlaceData has \(fields.count) fields, not 10: \(line)")
            return SamplePlace(
                id: Int(fields[0])!, name: fields[1], admin1: fields[2], country: fields[3], countryCode: fields[4],
                latitude: Double(fields[5])!, longitude: Double(fields[6])!, timezone: fields[7],
                population: Int(fields[8])!, elevation: Int(fields[9])!)
        }
        .sorted { $0.population > $1.population }

    /// The place nearest to a point: what `timezone=auto` and the elevation go by.
    static func nearest(latitude: Double, longitude: Double) -> SamplePlace {
        all.min { a, b in
            a.squaredDistance(latitude: latitude, longitude: longitude) < b.squaredDistance(latitude: latitude, longitude: longitude)
        }!
    }

    private func squaredDistance(latitude: Double, longitude: Double) -> Double {
        let dLat = self.latitude - latitude
        var dLon = abs(self.longitude - longitude)
        if dLon > 180 { dLon = 360 - dLon }
        let scaled = dLon * cos(latitude * .pi / 180)
        return dLat * dLat + scaled * scaled
    }
}
