import Foundation

/// The weather data manager: SQLite for the saved places, the Services for
/// everything fetched.
struct WeatherDataManager: WeatherDataManaging {
    let store: SavedLocations
    let places: any PlaceSearchService
    let forecasts: any ForecastService

    func savedLocations() async throws(WeatherFailure) -> [WeatherLocation] {
        try Self.storing { try store.all() }
    }

    func save(_ location: WeatherLocation) async throws(WeatherFailure) -> Bool {
        try Self.storing { try store.add(location) }
    }

    func remove(id: String) async throws(WeatherFailure) {
        try Self.storing { try store.remove(id: id) }
    }

    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation] {
        try await places.search(name, language: language)
    }

    func conditions(at location: WeatherLocation, timeZone: String) async throws(WeatherFailure) -> CurrentConditions {
        try await forecasts.forecast(at: location, days: nil, timeZone: timeZone).current
    }

    /// Runs a store operation; SQLite's error becomes `.storage`, in its own words.
    private static func storing<Value>(_ operation: () throws -> Value) throws(WeatherFailure) -> Value {
        do {
            return try operation()
        } catch {
            throw .storage("\(error)")
        }
    }
}
