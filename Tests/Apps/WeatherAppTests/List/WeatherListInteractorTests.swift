import CustomDump
import Foundation
import AppTestSupport
import Testing

@testable import WeatherApp

/// The session's zone the list asks the conditions in.
private let lisbonZone = "Europe/Lisbon"

/// Three saved places, in the order they were added.
private let threePlaces = [Places.lisbon, Places.reykjavik, Places.wellington]

/// A list Interactor in Lisbon's zone, on a data manager holding `saved`, whose conditions at
/// each of the three places are scripted to succeed.
private func makeInteractor(saved: [WeatherLocation] = threePlaces) -> (WeatherListInteractor, StubWeatherDataManager) {
    let dataManager = StubWeatherDataManager(saved: saved)
    dataManager.willAnswerConditions(of: Places.lisbon.id, with: .success(SampleWeather.lisbonNow))
    dataManager.willAnswerConditions(of: Places.reykjavik.id, with: .success(SampleWeather.reykjavikNow))
    dataManager.willAnswerConditions(of: Places.wellington.id, with: .success(SampleWeather.wellingtonNow))
    return (WeatherListInteractor(dataManager: dataManager, timeZone: lisbonZone, work: SceneWorkDouble()), dataManager)
}

/// The conditions of all three places.
private let allConditions = [
    Places.lisbon.id: SampleWeather.lisbonNow, Places.reykjavik.id: SampleWeather.reykjavikNow,
    Places.wellington.id: SampleWeather.wellingtonNow,
]

@Suite("The list Interactor: the saved places at once, then the weather at each, one by one, up to a failure")
struct WeatherListInteractorTests {
    // MARK: Loading the saved places

    @Test("Loading gives the saved places in order, without conditions, without asking for any")
    func loadSaved() async {
        let (interactor, dataManager) = makeInteractor()
        let listing = await interactor.loadSaved()
        #expect(listing == WeatherListing(locations: threePlaces, conditions: [:], failure: nil))
        #expect(dataManager.calls == ["savedLocations"])
    }

    @Test("Places that cannot be read give no places and the storage failure")
    func loadSavedFails() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.failReads(with: .storage("disk I/O error"))
        #expect(await interactor.loadSaved() == WeatherListing(locations: [], conditions: [:], failure: .storage("disk I/O error")))
    }

    @Test("Loading again starts from the places saved now, without the conditions loaded before")
    func loadAgain() async {
        let (interactor, dataManager) = makeInteractor(saved: [Places.lisbon])
        _ = await interactor.loadSaved()
        _ = await interactor.refreshConditions()
        _ = try? await dataManager.save(Places.wellington)
        #expect(await interactor.loadSaved() == WeatherListing(locations: [Places.lisbon, Places.wellington], conditions: [:], failure: nil))
    }

    // MARK: Refreshing the conditions

    @Test("Refreshing asks for the conditions at each place, one by one, in order, in the session's zone")
    func refreshInOrder() async {
        let (interactor, dataManager) = makeInteractor()
        _ = await interactor.loadSaved()
        let refreshed = await interactor.refreshConditions()
        #expect(refreshed == WeatherListing(locations: threePlaces, conditions: allConditions, failure: nil))
        #expect(
            dataManager.calls == [
                "savedLocations", "conditions: 2267057 in Europe/Lisbon", "conditions: 3413829 in Europe/Lisbon",
                "conditions: 2179537 in Europe/Lisbon",
            ])
    }

    @Test("A failure stops the refresh: the places before it keep their conditions, the rest are not asked for")
    func refreshStopsAtFailure() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerConditions(of: Places.reykjavik.id, with: .failure(.unreachable("connection refused")))
        _ = await interactor.loadSaved()
        let refreshed = await interactor.refreshConditions()
        expectNoDifference(
            refreshed,
            WeatherListing(
                locations: threePlaces, conditions: [Places.lisbon.id: SampleWeather.lisbonNow], failure: .unreachable("connection refused")))
        #expect(dataManager.calls == ["savedLocations", "conditions: 2267057 in Europe/Lisbon", "conditions: 3413829 in Europe/Lisbon"])
    }

    @Test("A failure at the first place gives no conditions at all")
    func refreshFailsAtFirst() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerConditions(of: Places.lisbon.id, with: .failure(.status(502)))
        _ = await interactor.loadSaved()
        #expect(await interactor.refreshConditions() == WeatherListing(locations: threePlaces, conditions: [:], failure: .status(502)))
        #expect(dataManager.calls == ["savedLocations", "conditions: 2267057 in Europe/Lisbon"])
    }

    @Test("A refresh starts afresh: a place that fails this time keeps none of the conditions of the last one")
    func refreshReplacesConditions() async {
        let (interactor, dataManager) = makeInteractor()
        _ = await interactor.loadSaved()
        _ = await interactor.refreshConditions()
        dataManager.willAnswerConditions(of: Places.lisbon.id, with: .failure(.cancelled))
        #expect(await interactor.refreshConditions() == WeatherListing(locations: threePlaces, conditions: [:], failure: .cancelled))
    }

    @Test("With nothing saved, there is nothing to refresh")
    func nothingSaved() async {
        let (interactor, dataManager) = makeInteractor(saved: [])
        #expect(await interactor.loadSaved() == WeatherListing(locations: [], conditions: [:], failure: nil))
        #expect(await interactor.refreshConditions() == nil)
        #expect(dataManager.calls == ["savedLocations"])
    }

    @Test("Before the places are loaded, there is nothing to refresh")
    func nothingLoaded() async {
        let (interactor, dataManager) = makeInteractor()
        #expect(await interactor.refreshConditions() == nil)
        #expect(dataManager.calls.isEmpty)
    }

    @Test("When the places could not be read, there is nothing to refresh")
    func nothingReadable() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.failReads(with: .storage("disk I/O error"))
        _ = await interactor.loadSaved()
        #expect(await interactor.refreshConditions() == nil)
        #expect(dataManager.calls == ["savedLocations"])
    }

    // MARK: Removing

    @Test("Removing a place forgets it and its conditions; the others keep theirs")
    func removeKeepsOthers() async {
        let (interactor, dataManager) = makeInteractor()
        _ = await interactor.loadSaved()
        _ = await interactor.refreshConditions()
        let listing = await interactor.remove(id: Places.reykjavik.id)
        expectNoDifference(
            listing,
            WeatherListing(
                locations: [Places.lisbon, Places.wellington],
                conditions: [Places.lisbon.id: SampleWeather.lisbonNow, Places.wellington.id: SampleWeather.wellingtonNow], failure: nil))
        #expect(dataManager.saved == [Places.lisbon, Places.wellington])
        #expect(dataManager.calls.last == "remove: 3413829")
    }

    @Test("Removing a place after a refresh that failed keeps the failure: the places not reached still lack their weather")
    func removeKeepsTheRefreshFailure() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerConditions(of: Places.reykjavik.id, with: .failure(.unreachable("connection refused")))
        _ = await interactor.loadSaved()
        _ = await interactor.refreshConditions()
        let listing = await interactor.remove(id: Places.lisbon.id)
        expectNoDifference(
            listing,
            WeatherListing(locations: [Places.reykjavik, Places.wellington], conditions: [:], failure: .unreachable("connection refused")))
    }

    @Test("A removal that cannot be stored keeps the places and their conditions, with the storage failure")
    func removeFails() async {
        let (interactor, dataManager) = makeInteractor()
        _ = await interactor.loadSaved()
        _ = await interactor.refreshConditions()
        dataManager.failWrites(with: .storage("database or disk is full"))
        let listing = await interactor.remove(id: Places.reykjavik.id)
        expectNoDifference(listing, WeatherListing(locations: threePlaces, conditions: allConditions, failure: .storage("database or disk is full")))
        #expect(dataManager.saved == threePlaces)
        #expect(await interactor.location(id: Places.reykjavik.id) == Places.reykjavik)
    }

    // MARK: Places

    @Test("A place is found among those loaded, and no longer once removed")
    func location() async {
        let (interactor, _) = makeInteractor()
        #expect(await interactor.location(id: Places.lisbon.id) == nil)
        _ = await interactor.loadSaved()
        #expect(await interactor.location(id: Places.lisbon.id) == Places.lisbon)
        #expect(await interactor.location(id: Places.wellington.id) == Places.wellington)
        #expect(await interactor.location(id: "x") == nil)
        _ = await interactor.remove(id: Places.lisbon.id)
        #expect(await interactor.location(id: Places.lisbon.id) == nil)
    }
}
