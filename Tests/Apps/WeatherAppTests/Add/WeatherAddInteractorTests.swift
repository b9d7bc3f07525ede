import CustomDump
import AppTestSupport
import Testing

@testable import WeatherApp

/// A search Interactor in Portuguese over a data manager that holds `saved`.
private func makeInteractor(saved: [WeatherLocation] = []) -> (WeatherAddInteractor, StubWeatherDataManager) {
    let dataManager = StubWeatherDataManager(saved: saved)
    return (WeatherAddInteractor(dataManager: dataManager, language: "pt"), dataManager)
}

/// The two places a search for "Lisbon" finds.
private let lisbons = [Places.lisbon, Places.lisbonOhio]

/// What the search shows.
private func search(_ query: String, _ results: [WeatherLocation] = [], searching: Bool = false, failure: WeatherFailure? = nil) -> WeatherSearch {
    WeatherSearch(query: query, results: results, isSearching: searching, failure: failure)
}

@Suite("The search Interactor: searching from two characters, the results or why not, saving the place picked")
struct WeatherAddInteractorTests {
    // MARK: Beginning

    @Test("A query shorter than two characters, once trimmed, is not searched for", arguments: ["", "L", " L ", "\n\t", "  ", "é"])
    func shortQuery(query: String) async {
        let (interactor, dataManager) = makeInteractor()
        #expect(await interactor.begin(query: query) == search(query))
        #expect(await interactor.finish() == nil)
        #expect(dataManager.calls.isEmpty)
    }

    @Test("A query of two characters or more is searched for, the trimmed text in the Interactor's language")
    func searches() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        #expect(await interactor.begin(query: "  Lisbon ") == search("  Lisbon ", searching: true))
        let found = await interactor.finish()
        expectNoDifference(found, search("  Lisbon ", lisbons))
        #expect(dataManager.calls == ["search: Lisbon in pt"])
    }

    @Test("Two characters are enough")
    func twoCharacters() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success([]))
        #expect(await interactor.begin(query: " Li ") == search(" Li ", searching: true))
        #expect(await interactor.finish() == search(" Li "))
        #expect(dataManager.calls == ["search: Li in pt"])
    }

    @Test("A new search shows the results found before while it runs")
    func previousResultsWhileSearching() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        dataManager.willAnswerSearch(with: .success([Places.lisbon]))
        _ = await interactor.begin(query: "Lisb")
        _ = await interactor.finish()
        #expect(await interactor.begin(query: "Lisbo") == search("Lisbo", lisbons, searching: true))
        #expect(await interactor.finish() == search("Lisbo", [Places.lisbon]))
    }

    @Test("A query too short after results clears them")
    func shortQueryClears() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        #expect(await interactor.begin(query: "L") == search("L"))
        #expect(await interactor.finish() == nil)
        #expect(await interactor.result(id: Places.lisbon.id) == nil)
        #expect(dataManager.calls == ["search: Lisbon in pt"])
    }

    // MARK: Finishing

    @Test("A cancelled search shows the results from before, not searching, without an error")
    func cancelledKeepsResults() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        dataManager.willAnswerSearch(with: .failure(.cancelled))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        _ = await interactor.begin(query: "Lisbon, P")
        #expect(await interactor.finish() == search("Lisbon, P", lisbons))
        #expect(await interactor.result(id: Places.lisbonOhio.id) == Places.lisbonOhio)
    }

    @Test("A first search that is cancelled shows no results and no error")
    func firstCancelled() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .failure(.cancelled))
        _ = await interactor.begin(query: "Lisbon")
        #expect(await interactor.finish() == search("Lisbon"))
    }

    @Test("A search that fails shows the failure without results")
    func failure() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        dataManager.willAnswerSearch(with: .failure(.unreachable("connection refused")))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        _ = await interactor.begin(query: "Lisbon, O")
        #expect(await interactor.finish() == search("Lisbon, O", failure: .unreachable("connection refused")))
        #expect(await interactor.result(id: Places.lisbon.id) == nil)
    }

    @Test("Without a search begun, finishing gives nothing")
    func finishWithoutBegin() async {
        let (interactor, dataManager) = makeInteractor()
        #expect(await interactor.finish() == nil)
        #expect(dataManager.calls.isEmpty)
    }

    // MARK: Results and saving

    @Test("A place is found among the results shown, not by another id")
    func result() async {
        let (interactor, dataManager) = makeInteractor()
        #expect(await interactor.result(id: Places.lisbon.id) == nil)
        dataManager.willAnswerSearch(with: .success(lisbons))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        #expect(await interactor.result(id: Places.lisbonOhio.id) == Places.lisbonOhio)
        #expect(await interactor.result(id: "x") == nil)
    }

    @Test("Saving a place of the results saves it and gives no failure")
    func save() async {
        let (interactor, dataManager) = makeInteractor(saved: [Places.reykjavik])
        dataManager.willAnswerSearch(with: .success(lisbons))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        #expect(await interactor.save(id: Places.lisbonOhio.id) == nil)
        #expect(dataManager.saved == [Places.reykjavik, Places.lisbonOhio])
        #expect(dataManager.calls == ["search: Lisbon in pt", "save: 5160783"])
    }

    @Test("Saving a place saved already gives no failure and does not duplicate it")
    func saveAgain() async {
        let (interactor, dataManager) = makeInteractor(saved: [Places.lisbon])
        dataManager.willAnswerSearch(with: .success(lisbons))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        #expect(await interactor.save(id: Places.lisbon.id) == nil)
        #expect(dataManager.saved == [Places.lisbon])
    }

    @Test("A save that fails gives the search with the failure, its results kept")
    func saveFails() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        dataManager.failWrites(with: .storage("disk I/O error"))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        #expect(await interactor.save(id: Places.lisbon.id) == search("Lisbon", lisbons, failure: .storage("disk I/O error")))
        #expect(dataManager.saved.isEmpty)
    }

    @Test("An id that is not a place of the results saves nothing")
    func saveUnknown() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willAnswerSearch(with: .success(lisbons))
        _ = await interactor.begin(query: "Lisbon")
        _ = await interactor.finish()
        _ = await interactor.save(id: "x")
        #expect(dataManager.saved.isEmpty)
        #expect(dataManager.calls == ["search: Lisbon in pt"])
    }
}
