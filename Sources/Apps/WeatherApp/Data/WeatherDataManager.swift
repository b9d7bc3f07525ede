import Foundation
import ViperStore

/// The weather data manager: the workspace's database for the saved places, the Services for
/// everything fetched.
struct WeatherDataManager: WeatherDataManaging {
    let store: SavedLocations
    let places: any PlaceSearchService
    let forecasts: any ForecastService

    func savedLocations() async throws(WeatherFailure) -> [WeatherLocation] {
        try await Self.storing { try await store.all() }
    }

    func save(_ location: WeatherLocation) async throws(WeatherFailure) -> Bool {
        try await Self.storing { try await store.add(location) }
    }

    func remove(id: String) async throws(WeatherFailure) {
        try await Self.storing { try await store.remove(id: id) }
    }

    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation] {
        try await places.search(name, language: language)
    }

    func conditions(at location: WeatherLocation, timeZone: String) async throws(WeatherFailure) -> CurrentConditions {
        try await forecasts.forecast(at: location, days: nil, timeZone: timeZone).current
    }

    func placesChangedByOthers() -> AsyncStream<StoreChange> {
        store.changesByOthers()
    }

    /// Runs a store operation; the database's error becomes `.storage`, in its own words.
    private static func storing<Value>(_ operation: () async throws -> Value) async throws(WeatherFailure) -> Value {
        do {
            return try await operation()
        } catch {
            throw .storage("\(error)")
        }
    }
}
