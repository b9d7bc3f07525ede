import Foundation
import ServiceKit
import ViperJSON

/// The place search Service over HTTP: Open-Meteo's geocoding `GET /v1/search`.
struct OpenMeteoGeocoding: PlaceSearchService {
    let server: OpenMeteoClient

    static let operation = "weather.search"
    /// How many places a search lists.
    static let resultCount = 10

    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation] {
        let body = try await server.get(
            "/v1/search", query: [("name", name), ("count", String(Self.resultCount)), ("language", language), ("format", "json")],
            operation: Self.operation)
        // Open-Meteo leaves `results` out when nothing matches.
        guard let results = body["results"] else { return [] }
        guard case .array(let places) = results else { throw .malformed("results is not a list") }
        return places.compactMap(Self.location)
    }

    /// One place of a search; nil for one without an id, a name or coordinates.
    private static func location(_ json: JSONValue) -> WeatherLocation? {
        guard let id = json["id"]?.integer, let name = json["name"]?.text,
            let latitude = json["latitude"]?.double, let longitude = json["longitude"]?.double
        else { return nil }
        // "Region, Country", naming a region that is its own country (Singapore) once.
        var region: [String] = []
        for part in [json["admin1"]?.text, json["country"]?.text].compactMap({ $0 }) where !part.isEmpty && !region.contains(part) {
            region.append(part)
        }
        // With neither, the coordinates still tell two places of one name apart.
        let described = region.isEmpty ? String(format: "%.2f, %.2f", latitude, longitude) : region.joined(separator: ", ")
        return WeatherLocation(id: String(id), name: name, region: described, latitude: latitude, longitude: longitude)
    }
}
