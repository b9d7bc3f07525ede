import CustomDump
import Foundation
import StoreFaults
import Testing
import ViperStore

@testable import WeatherApp

/// Saved locations on a database of their own, in memory.
private func memoryLocations() throws -> SavedLocations {
    SavedLocations(database: try weatherDatabase())
}

/// A place whose words test what SQLite keeps: accents and quotes.
private let unusual = WeatherLocation(
    id: "3448439", name: "São Paulo \"Sampa\" l'été", region: "São Paulo, Brazil", latitude: -23.5475, longitude: -46.63611)

@Suite("Saved locations: SQLite's weather_locations, in the order they were added, each place once")
struct SavedLocationsTests {
    @Test("Nothing is saved at first")
    func emptyAtFirst() throws {
        #expect(try memoryLocations().all() == [])
    }

    @Test("Places come back in the order they were added, every field as saved")
    func orderOfAdding() throws {
        let store = try memoryLocations()
        #expect(try store.add(Places.wellington))
        #expect(try store.add(Places.lisbon))
        #expect(try store.add(unusual))
        #expect(try store.add(Places.reykjavik))
        let all = try store.all()
        expectNoDifference(all, [Places.wellington, Places.lisbon, unusual, Places.reykjavik])
    }

    @Test("Adding a place saved already returns false and changes nothing, even with other words for it")
    func addingTwiceDoesNotDuplicate() throws {
        let store = try memoryLocations()
        #expect(try store.add(Places.lisbon))
        #expect(try store.add(Places.reykjavik))
        #expect(try store.add(Places.lisbon) == false)
        let renamed = WeatherLocation(id: Places.lisbon.id, name: "Lisboa", region: "Lisboa, Portugal", latitude: 38.7, longitude: -9.1)
        #expect(try store.add(renamed) == false)
        let all = try store.all()
        expectNoDifference(all, [Places.lisbon, Places.reykjavik])
    }

    @Test("Removing a place forgets it alone; removing one that is not saved changes nothing")
    func remove() throws {
        let store = try memoryLocations()
        for place in [Places.lisbon, Places.reykjavik, Places.wellington] { _ = try store.add(place) }
        try store.remove(id: Places.reykjavik.id)
        #expect(try store.all() == [Places.lisbon, Places.wellington])
        try store.remove(id: "no-such-place")
        try store.remove(id: Places.reykjavik.id)
        #expect(try store.all() == [Places.lisbon, Places.wellington])
    }

    @Test("A place removed and added again comes last")
    func readdedComesLast() throws {
        let store = try memoryLocations()
        for place in [Places.lisbon, Places.reykjavik, Places.wellington] { _ = try store.add(place) }
        try store.remove(id: Places.lisbon.id)
        #expect(try store.add(Places.lisbon))
        #expect(try store.all() == [Places.reykjavik, Places.wellington, Places.lisbon])
    }

    @Test("Two stores on one database see the same places")
    func sharedDatabase() throws {
        let database = try weatherDatabase()
        _ = try SavedLocations(database: database).add(Places.lisbon)
        #expect(try SavedLocations(database: database).all() == [Places.lisbon])
    }

    @Test("The places survive closing the database file and opening it again, and later ones still come last")
    func survivesReopening() throws {
        let file = try StoreFile()
        let first = try StoreDatabase(path: file.path, migrations: WeatherApp.migrations)
        let store = SavedLocations(database: first)
        for place in [Places.wellington, Places.lisbon, unusual] { _ = try store.add(place) }
        try store.remove(id: Places.wellington.id)
        try first.close()

        let reopened = SavedLocations(database: try StoreDatabase(path: file.path, migrations: WeatherApp.migrations))
        let kept = try reopened.all()
        expectNoDifference(kept, [Places.lisbon, unusual])
        #expect(try reopened.add(Places.lisbon) == false)
        #expect(try reopened.add(Places.wellington))
        #expect(try reopened.all() == [Places.lisbon, unusual, Places.wellington])
        withExtendedLifetime(file) {}
    }
}
