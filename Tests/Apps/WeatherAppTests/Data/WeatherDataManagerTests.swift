import CustomDump
import Foundation
import AppTestSupport
import StoreFaults
import Testing
import ViperStore

@testable import WeatherApp

@Suite("The weather data manager: saved places in SQLite, searches and conditions from Open-Meteo, storage errors as .storage")
struct WeatherDataManagerTests {
    // MARK: Saved places

    @Test("Places saved through it come back in order; one saved twice is saved once")
    func savedPlaces() async throws {
        let manager = weatherDataManager(on: try weatherDatabase())
        #expect(try await manager.savedLocations() == [])
        #expect(try await manager.save(Places.lisbon))
        #expect(try await manager.save(Places.reykjavik))
        #expect(try await manager.save(Places.lisbon) == false)
        #expect(try await manager.savedLocations() == [Places.lisbon, Places.reykjavik])
        try await manager.remove(id: Places.lisbon.id)
        #expect(try await manager.savedLocations() == [Places.reykjavik])
    }

    @Test("On a closed database, reading, saving and removing fail as storage, in SQLite's words")
    func closedDatabase() async throws {
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: WeatherApp.migrations)
        let manager = weatherDataManager(on: database)
        _ = try await manager.save(Places.lisbon)
        try database.close()
        let failure = WeatherFailure.storage("the database at \(file.path) is closed")
        await #expect(throws: failure) { try await manager.savedLocations() }
        await #expect(throws: failure) { try await manager.save(Places.reykjavik) }
        await #expect(throws: failure) { try await manager.remove(id: Places.lisbon.id) }
    }

    @Test(
        "On a disk that fails writes, saving and removing fail as storage, in SQLite's words, and the places stay",
        arguments: [(DiskFaults.Failure.ioError, "disk I/O error"), (.full, "database or disk is full")])
    func failingDisk(failure: DiskFaults.Failure, message: String) async throws {
        DiskFaults.install()
        let file = try StoreFile()
        let manager = weatherDataManager(on: try SQLiteStore(path: file.path, migrations: WeatherApp.migrations))
        _ = try await manager.save(Places.lisbon)
        DiskFaults.failWrites(to: file.path, with: failure)
        defer { DiskFaults.heal(file.path) }
        await #expect(throws: WeatherFailure.storage(message)) { try await manager.save(Places.reykjavik) }
        await #expect(throws: WeatherFailure.storage(message)) { try await manager.remove(id: Places.lisbon.id) }
        #expect(try await manager.savedLocations() == [Places.lisbon])

        DiskFaults.heal(file.path)
        #expect(try await manager.save(Places.reykjavik))
        #expect(try await manager.savedLocations() == [Places.lisbon, Places.reykjavik])
    }

    // MARK: Searches and conditions

    @Test("A search asks Open-Meteo's geocoding with the name and language, and gives its places")
    func search() async throws {
        let http = StubHTTPClient()
        http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        let manager = weatherDataManager(on: try weatherDatabase(), http: http)
        let places = try await manager.search("Lisbon", language: "de")
        expectNoDifference(places, [Places.lisbon, Places.lisbonOhio])
        #expect(http.requests.map(sentQuery) == [["name=Lisbon", "count=10", "language=de", "format=json"]])
    }

    @Test("The conditions at a place ask for the weather now alone, in the given zone")
    func conditions() async throws {
        let http = StubHTTPClient()
        http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        let manager = weatherDataManager(on: try weatherDatabase(), http: http)
        let now = try await manager.conditions(at: Places.lisbon, timeZone: "America/New_York")
        #expect(now == SampleWeather.lisbonNow)
        let requests = http.requests
        #expect(requests.map(sentEndpoint) == ["https://api.open-meteo.test/v1/forecast"])
        #expect(
            requests.map(sentQuery)
                == [["latitude=38.7167", "longitude=-9.1333", "current=temperature_2m,weather_code,wind_speed_10m", "timezone=America/New_York"]])
    }

    @Test("The Services' failures pass through unchanged")
    func serviceFailures() async throws {
        let http = StubHTTPClient()
        http.willRespond(400, json: OpenMeteoBodies.latitudeOutOfRange)
        http.willFail("connection reset by peer")
        let manager = weatherDataManager(on: try weatherDatabase(), http: http)
        await #expect(throws: WeatherFailure.refused("Latitude must be in range of -90 to 90°. Given: 91.0.")) {
            try await manager.conditions(at: Places.lisbon, timeZone: "UTC")
        }
        await #expect(throws: WeatherFailure.unreachable("connection reset by peer")) {
            try await manager.search("Lisbon", language: "en")
        }
    }
}
