import CustomDump
import Foundation
import StoreFaults
import Testing
import ViperStore

@testable import WeatherApp

/// Saved locations on a database of their own, in memory.
private func memoryLocations() throws -> SavedLocations {
    SavedLocations(store: Store(try weatherDatabase()))
}

/// A place whose words test what SQLite keeps: accents and quotes.
private let unusual = WeatherLocation(
    id: "3448439", name: "São Paulo \"Sampa\" l'été", region: "São Paulo, Brazil", latitude: -23.5475, longitude: -46.63611)

@Suite("Saved locations: SQLite's weather_locations, in the order they were added, each place once")
struct SavedLocationsTests {
    @Test("Nothing is saved at first")
    func emptyAtFirst() async throws {
        #expect(try await memoryLocations().all() == [])
    }

    @Test("Places come back in the order they were added, every field as saved")
    func orderOfAdding() async throws {
        let store = try memoryLocations()
        #expect(try await store.add(Places.wellington))
        #expect(try await store.add(Places.lisbon))
        #expect(try await store.add(unusual))
        #expect(try await store.add(Places.reykjavik))
        let all = try await store.all()
        expectNoDifference(all, [Places.wellington, Places.lisbon, unusual, Places.reykjavik])
    }

    @Test("Adding a place saved already returns false and changes nothing, even with other words for it")
    func addingTwiceDoesNotDuplicate() async throws {
        let store = try memoryLocations()
        #expect(try await store.add(Places.lisbon))
        #expect(try await store.add(Places.reykjavik))
        #expect(try await store.add(Places.lisbon) == false)
        let renamed = WeatherLocation(id: Places.lisbon.id, name: "Lisboa", region: "Lisboa, Portugal", latitude: 38.7, longitude: -9.1)
        #expect(try await store.add(renamed) == false)
        let all = try await store.all()
        expectNoDifference(all, [Places.lisbon, Places.reykjavik])
    }

    @Test("Removing a place forgets it alone; removing one that is not saved changes nothing")
    func remove() async throws {
        let store = try memoryLocations()
        for place in [Places.lisbon, Places.reykjavik, Places.wellington] { _ = try await store.add(place) }
        try await store.remove(id: Places.reykjavik.id)
        #expect(try await store.all() == [Places.lisbon, Places.wellington])
        try await store.remove(id: "no-such-place")
        try await store.remove(id: Places.reykjavik.id)
        #expect(try await store.all() == [Places.lisbon, Places.wellington])
    }

    @Test("A place removed and added again comes last")
    func readdedComesLast() async throws {
        let store = try memoryLocations()
        for place in [Places.lisbon, Places.reykjavik, Places.wellington] { _ = try await store.add(place) }
        try await store.remove(id: Places.lisbon.id)
        #expect(try await store.add(Places.lisbon))
        #expect(try await store.all() == [Places.reykjavik, Places.wellington, Places.lisbon])
    }

    @Test("Two stores on one database see the same places")
    func sharedDatabase() async throws {
        let database = try weatherDatabase()
        _ = try await SavedLocations(store: Store(database)).add(Places.lisbon)
        #expect(try await SavedLocations(store: Store(database)).all() == [Places.lisbon])
    }

    @Test("The places survive closing the database file and opening it again, and later ones still come last")
    func survivesReopening() async throws {
        let file = try StoreFile()
        let first = try SQLiteStore(path: file.path, migrations: WeatherApp.migrations)
        let store = SavedLocations(store: Store(first))
        for place in [Places.wellington, Places.lisbon, unusual] { _ = try await store.add(place) }
        try await store.remove(id: Places.wellington.id)
        try first.close()

        let reopened = SavedLocations(store: Store(try SQLiteStore(path: file.path, migrations: WeatherApp.migrations)))
        let kept = try await reopened.all()
        expectNoDifference(kept, [Places.lisbon, unusual])
        #expect(try await reopened.add(Places.lisbon) == false)
        #expect(try await reopened.add(Places.wellington))
        #expect(try await reopened.all() == [Places.lisbon, unusual, Places.wellington])
        withExtendedLifetime(file) {}
    }
}

@Suite("Saved locations are heard of: another session's store hears each place added or removed")
struct SavedLocationsChangeTests {
    @Test("Adding and removing a place are heard by another store of the database, not by the store that made them; what changes nothing is not heard")
    func changesAreHeardByOthers() async throws {
        let database = try weatherDatabase()
        let (myStore, theirStore) = (Store(database), Store(database))
        let mine = SavedLocations(store: myStore)
        let theirs = SavedLocations(store: theirStore)
        // Every announcement of the database, in order: what each write announced.
        var announced = database.changes(where: { _ in true }, keepingNewest: 16).makeAsyncIterator()
        var heardByThem = theirs.changesByOthers().makeAsyncIterator()
        var heardByMe = mine.changesByOthers().makeAsyncIterator()
        #expect(try await mine.add(Places.lisbon))
        #expect(try await mine.add(Places.lisbon) == false)
        try await mine.remove(id: "no-such-place")
        try await mine.remove(id: Places.lisbon.id)
        #expect(try await theirs.add(Places.reykjavik))
        // My add and my removal were announced, nothing of what changed nothing, then theirs.
        var origins: [StoreOrigin] = []
        for _ in 0..<3 {
            let change = await announced.next()
            #expect(change?.topic == SavedLocations.topic)
            if let change { origins.append(change.origin) }
        }
        #expect(origins == [myStore.origin, myStore.origin, theirStore.origin])
        // They hear mine (the two made while they were not listening, as one), never their
        // own; I hear theirs, never mine.
        #expect(await heardByThem.next() == StoreChange(topic: SavedLocations.topic, origin: myStore.origin))
        #expect(await heardByMe.next() == StoreChange(topic: SavedLocations.topic, origin: theirStore.origin))
    }
}
