import Foundation
import ViperCore

/// Keeps the saved places and the weather loaded for them: reads the places, fetches the
/// weather at each one by one, and forgets a place on request.
actor WeatherListInteractor: WeatherListInteracting {
    private let dataManager: any WeatherDataManaging
    private let timeZone: String
    private let work: any SceneWork
    private var shown = WeatherListing(locations: [], conditions: [:], failure: nil)

    init(dataManager: any WeatherDataManaging, timeZone: String, work: any SceneWork) {
        self.dataManager = dataManager
        self.timeZone = timeZone
        self.work = work
    }

    func loadSaved() async -> WeatherListing {
        do {
            shown = WeatherListing(locations: try await dataManager.savedLocations(), conditions: [:], failure: nil)
        } catch {
            shown = WeatherListing(locations: [], conditions: [:], failure: error)
        }
        return shown
    }

    func refreshConditions() async -> WeatherListing? {
        guard shown.failure == nil, !shown.locations.isEmpty else { return nil }
        var conditions: [String: CurrentConditions] = [:]
        var failure: WeatherFailure?
        // One by one, and no further after a failure: a server that is down would otherwise
        // cost one timeout per place.
        for location in shown.locations {
            do {
                conditions[location.id] = try await dataManager.conditions(at: location, timeZone: timeZone)
            } catch {
                failure = error
                break
            }
        }
        shown = WeatherListing(locations: shown.locations, conditions: conditions, failure: failure)
        return shown
    }

    func remove(id: String) async -> WeatherListing {
        do {
            try await dataManager.remove(id: id)
            var conditions = shown.conditions
            conditions[id] = nil
            // A failed refresh still left places without their weather: its message stays.
            shown = WeatherListing(locations: shown.locations.filter { $0.id != id }, conditions: conditions, failure: shown.failure)
        } catch {
            shown = WeatherListing(locations: shown.locations, conditions: shown.conditions, failure: error)
        }
        return shown
    }

    func location(id: String) -> WeatherLocation? {
        shown.locations.first { $0.id == id }
    }

    nonisolated func whenOthersChangePlaces(_ changed: @escaping @Sendable () async -> Void) async {
        await work.forEach(in: dataManager.placesChangedByOthers()) { _ in await changed() }
    }
}
