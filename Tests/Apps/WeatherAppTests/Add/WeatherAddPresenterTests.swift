import CustomDump
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// The search module as a unit: the real Presenter and Interactor (in English), the data
/// manager and the Router recorded in one log with the View.
private struct Fixture {
    let log = EventLog()
    let dataManager: StubWeatherDataManager
    let router: RecordingClosingRouter
    let view: RecordingView<WeatherAddScene.ViewModel>
    let presenter: WeatherAddPresenter

    init(saved: [WeatherLocation] = []) {
        dataManager = StubWeatherDataManager(saved: saved, log: log)
        router = RecordingClosingRouter(log: log)
        view = RecordingView(log: log)
        presenter = WeatherAddPresenter(interactor: WeatherAddInteractor(dataManager: dataManager, language: "en"), router: router, view: view)
    }

    /// Appears and searches for `query`, answered with `places`, then forgets what that
    /// rendered and logged, so a test sees only what follows.
    func searched(_ query: String, finding places: [WeatherLocation]) async {
        await presenter.sceneDidAppear()
        dataManager.willAnswerSearch(with: .success(places))
        await presenter.handle(.queryChanged(query: query))
        view.clear()
        log.clear()
    }
}

/// The search's view model.
private func searchView(
    _ query: String, _ results: [WeatherLocation] = [], searching: Bool = false, error: String? = nil
) -> WeatherAddScene.ViewModel {
    WeatherAddScene.ViewModel(
        query: query, results: results.map { WeatherAddScene.Result(resultId: $0.id, name: $0.name, detail: $0.region) }, isSearching: searching,
        errorMessage: error)
}

@Suite("The search Presenter: searching as the query changes, then saving the place tapped and leaving")
struct WeatherAddPresenterTests {
    // MARK: Searching

    @Test("Appearing shows an empty search")
    func appear() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [WeatherAddScene.ViewModel(query: "", results: [], isSearching: false, errorMessage: nil)])
        #expect(fixture.log.all == ["render"])
    }

    @Test("A query long enough shows searching, then the places found with \"Region, Country\"")
    func queryChanged() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        fixture.view.clear()
        fixture.log.clear()
        fixture.dataManager.willAnswerSearch(with: .success([Places.lisbon, Places.lisbonOhio]))
        await fixture.presenter.handle(.queryChanged(query: "Lisbon"))
        expectNoDifference(
            fixture.view.renders,
            [
                WeatherAddScene.ViewModel(query: "Lisbon", results: [], isSearching: true, errorMessage: nil),
                WeatherAddScene.ViewModel(
                    query: "Lisbon",
                    results: [
                        WeatherAddScene.Result(resultId: "2267057", name: "Lisbon", detail: "Lisbon, Portugal"),
                        WeatherAddScene.Result(resultId: "5160783", name: "Lisbon", detail: "Ohio, United States"),
                    ], isSearching: false, errorMessage: nil),
            ])
        #expect(fixture.log.all == ["render", "search: Lisbon in en", "render"])
    }

    @Test("A query shorter than two characters, trimmed, shows no results at once and searches nothing", arguments: ["L", " L ", ""])
    func shortQuery(query: String) async {
        let fixture = Fixture()
        await fixture.searched("Lisbon", finding: [Places.lisbon])
        await fixture.presenter.handle(.queryChanged(query: query))
        #expect(fixture.view.renders == [searchView(query)])
        #expect(fixture.log.all == ["render"])
    }

    @Test("A newer query shows the results found so far while it searches")
    func refiningQuery() async {
        let fixture = Fixture()
        await fixture.searched("Lisb", finding: [Places.lisbon, Places.lisbonOhio])
        fixture.dataManager.willAnswerSearch(with: .success([Places.lisbon]))
        await fixture.presenter.handle(.queryChanged(query: "Lisbon, Port"))
        expectNoDifference(
            fixture.view.renders,
            [searchView("Lisbon, Port", [Places.lisbon, Places.lisbonOhio], searching: true), searchView("Lisbon, Port", [Places.lisbon])])
    }

    @Test("A cancelled search shows no error and keeps the results from before")
    func cancelledSearch() async {
        let fixture = Fixture()
        await fixture.searched("Lisb", finding: [Places.lisbon, Places.lisbonOhio])
        fixture.dataManager.willAnswerSearch(with: .failure(.cancelled))
        await fixture.presenter.handle(.queryChanged(query: "Lisbo"))
        expectNoDifference(
            fixture.view.renders,
            [
                searchView("Lisbo", [Places.lisbon, Places.lisbonOhio], searching: true),
                searchView("Lisbo", [Places.lisbon, Places.lisbonOhio]),
            ])
        #expect(fixture.view.renders.allSatisfy { $0.errorMessage == nil })
    }

    @Test("A search that fails shows why, without results")
    func failedSearch() async {
        let fixture = Fixture()
        await fixture.searched("Lisb", finding: [Places.lisbon])
        fixture.dataManager.willAnswerSearch(with: .failure(.unreachable("connection refused")))
        await fixture.presenter.handle(.queryChanged(query: "Lisbon"))
        expectNoDifference(
            fixture.view.renders,
            [
                searchView("Lisbon", [Places.lisbon], searching: true),
                searchView("Lisbon", error: "The weather server could not be reached (connection refused)."),
            ])
    }

    @Test("A search that the server refuses shows its reason")
    func refusedSearch() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        fixture.dataManager.willAnswerSearch(with: .failure(.refused("Parameter count must be between 1 and 100.")))
        await fixture.presenter.handle(.queryChanged(query: "Lisbon"))
        #expect(fixture.view.renders.last?.errorMessage == "The weather service refused the request: Parameter count must be between 1 and 100.")
    }

    // MARK: Saving

    @Test("Tapping a place of the results saves it and closes the search, showing nothing")
    func resultTapped() async {
        let fixture = Fixture(saved: [Places.reykjavik])
        await fixture.searched("Lisbon", finding: [Places.lisbon, Places.lisbonOhio])
        await fixture.presenter.handle(.resultTapped(resultId: Places.lisbonOhio.id))
        #expect(fixture.dataManager.saved == [Places.reykjavik, Places.lisbonOhio])
        #expect(fixture.router.closeCount == 1)
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["save: 5160783", "close"])
    }

    @Test("Tapping a place saved already closes the search without saving it twice")
    func resultSavedAlready() async {
        let fixture = Fixture(saved: [Places.lisbon])
        await fixture.searched("Lisbon", finding: [Places.lisbon, Places.lisbonOhio])
        await fixture.presenter.handle(.resultTapped(resultId: Places.lisbon.id))
        #expect(fixture.dataManager.saved == [Places.lisbon])
        #expect(fixture.router.closeCount == 1)
    }

    @Test("A save that fails shows why with the results, and does not close")
    func saveFails() async {
        let fixture = Fixture()
        await fixture.searched("Lisbon", finding: [Places.lisbon, Places.lisbonOhio])
        fixture.dataManager.failWrites(with: .storage("database or disk is full"))
        await fixture.presenter.handle(.resultTapped(resultId: Places.lisbon.id))
        #expect(fixture.router.closeCount == 0)
        expectNoDifference(
            fixture.view.renders,
            [
                searchView(
                    "Lisbon", [Places.lisbon, Places.lisbonOhio],
                    error: "Your saved places could not be read or changed (database or disk is full).")
            ])
        #expect(fixture.log.all == ["save: 2267057", "render"])
    }

    @Test("Cancel closes the search without saving anything")
    func cancelTapped() async {
        let fixture = Fixture()
        await fixture.searched("Lisbon", finding: [Places.lisbon])
        await fixture.presenter.handle(.cancelTapped)
        #expect(fixture.router.closeCount == 1)
        #expect(fixture.dataManager.saved.isEmpty)
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["close"])
    }

    // MARK: Refusals

    @Test("An id that is not a place of the results is refused on resultId; one that is, a query and cancel are not")
    func refusals() async {
        let fixture = Fixture()
        await fixture.searched("Lisbon", finding: [Places.lisbon])
        #expect(
            await fixture.presenter.refusal(of: .resultTapped(resultId: "x"))
                == EventRefusal(field: "resultId", reason: "is not a place of the results: 'x'"))
        #expect(
            await fixture.presenter.refusal(of: .resultTapped(resultId: Places.lisbonOhio.id))
                == EventRefusal(field: "resultId", reason: "is not a place of the results: '5160783'"))
        #expect(await fixture.presenter.refusal(of: .resultTapped(resultId: Places.lisbon.id)) == nil)
        #expect(await fixture.presenter.refusal(of: .queryChanged(query: "x")) == nil)
        #expect(await fixture.presenter.refusal(of: .cancelTapped) == nil)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("A place of results cleared by a short query is refused")
    func refusedAfterClearing() async {
        let fixture = Fixture()
        await fixture.searched("Lisbon", finding: [Places.lisbon])
        await fixture.presenter.handle(.queryChanged(query: "L"))
        #expect(
            await fixture.presenter.refusal(of: .resultTapped(resultId: Places.lisbon.id))
                == EventRefusal(field: "resultId", reason: "is not a place of the results: '2267057'"))
    }

    @Test("A result tapped that is not among the results, past the refusal, saves nothing and does not leave")
    func unknownResultStays() async {
        let fixture = Fixture()
        await fixture.searched("Lis", finding: [Places.lisbon])
        await fixture.presenter.handle(.resultTapped(resultId: "no-such-place"))
        #expect(fixture.log.all == [])
        #expect(fixture.dataManager.saved == [])
    }
}
