import Foundation
import ViperStore

/// The weather data manager, as the list's and the search's Interactors see it: the saved
/// places, and the Service for searches and conditions.
protocol WeatherDataManaging: Sendable {
    /// The saved places, in the order they were added.
    func savedLocations() async throws(WeatherFailure) -> [WeatherLocation]
    /// Saves `location` after the others; false when it was saved already.
    func save(_ location: WeatherLocation) async throws(WeatherFailure) -> Bool
    func remove(id: String) async throws(WeatherFailure)
    /// Places whose name starts with `name`.
    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation]
    /// The weather at `location` now.
    func conditions(at location: WeatherLocation, timeZone: String) async throws(WeatherFailure) -> CurrentConditions
    /// Each time another session of the workspace adds or removes a place, from now on, until
    /// the iterating task is cancelled.
    func placesChangedByOthers() -> AsyncStream<StoreChange>
}
