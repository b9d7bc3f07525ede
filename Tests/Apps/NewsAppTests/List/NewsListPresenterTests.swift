import CustomDump
import AppTestSupport
import Testing
import ViperCore

@testable import NewsApp

/// The list module as a unit: the real Presenter and Interactor, with the data manager, the
/// Router and the View recorded in one log, the clock at `testNow` and the session in en_US.
private struct Fixture {
    let log = EventLog()
    let dataManager: StubNewsDataManager
    let router: RecordingNewsListRouter
    let view: RecordingView<NewsListScene.ViewModel>
    let clock = MutableClock(testNow)
    let presenter: NewsListPresenter

    /// A list whose data manager holds `cached`.
    init(cached: [Article] = [], calendar: DayCalendar = testCalendar()) {
        dataManager = StubNewsDataManager(cached: cached, log: log)
        router = RecordingNewsListRouter(log: log)
        view = RecordingView(log: log)
        presenter = NewsListPresenter(
            interactor: NewsListInteractor(dataManager: dataManager), router: router, view: view, clock: clock,
            age: ArticleAge(locale: calendar.locale))
    }

    /// Appears with the load answering `result`, then forgets what that rendered and logged, so
    /// a test sees only what follows.
    func appear(loading result: Result<[Article], NewsFailure>) async {
        dataManager.willLoad(result)
        await presenter.sceneDidAppear()
        view.clear()
        log.clear()
    }
}

/// Headlines kept from an earlier load, and the fresh ones of the next; all published at 06:00,
/// three hours before the clock.
private let cachedHeadlines = [article("tides"), article("library", summary: nil)]
private let freshHeadlines = [article("election"), article("weather", source: "Met Desk")]

/// The list's item for `story`, `age` old.
private func item(_ story: Article, age: String = "3 hours ago") -> NewsListScene.Item {
    NewsListScene.Item(id: story.id, title: story.title, source: story.sourceName, age: age, summary: story.summary)
}

/// The list's view model: `state` with `articles`, each `age` old.
private func listed(
    _ state: String, _ articles: [Article] = [], stale: Bool = false, error: String? = nil, age: String = "3 hours ago"
) -> NewsListScene.ViewModel {
    NewsListScene.ViewModel(state: state, articles: articles.map { item($0, age: age) }, isStale: stale, errorMessage: error)
}

@Suite("The list Presenter: loading with what it has, then the headlines or why not; opening an article of the list")
struct NewsListPresenterTests {
    // MARK: Loading

    @Test("Appearing with nothing cached shows loading, then the headlines with their source, age and summary")
    func appearLoads() async {
        let fixture = Fixture()
        let tides = article(
            "tides", title: "Harbour City switches on its tidal barrage", source: "Reuters", summary: "The array covers a fifth of winter demand.",
            publishedAt: "2026-11-23T06:00:00Z")
        let library = article("library", title: "Northfield library reopens", source: "Northfield Courier", summary: nil, publishedAt: "2026-11-23T08:15:00Z")
        fixture.dataManager.willLoad(.success([tides, library]))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [
                NewsListScene.ViewModel(state: "loading", articles: [], isStale: false, errorMessage: nil),
                NewsListScene.ViewModel(
                    state: "loaded",
                    articles: [
                        NewsListScene.Item(
                            id: tides.id, title: "Harbour City switches on its tidal barrage", source: "Reuters", age: "3 hours ago",
                            summary: "The array covers a fifth of winter demand."),
                        NewsListScene.Item(
                            id: library.id, title: "Northfield library reopens", source: "Northfield Courier", age: "45 minutes ago", summary: nil),
                    ],
                    isStale: false, errorMessage: nil),
            ])
        #expect(fixture.log.all == ["cachedArticles", "render", "loadArticles", "render"])
    }

    @Test("Appearing with a cache shows the cached headlines while loading, stale, then the fresh ones")
    func appearWithCache() async {
        let fixture = Fixture(cached: cachedHeadlines)
        fixture.dataManager.willLoad(.success(freshHeadlines))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(fixture.view.renders, [listed("loading", cachedHeadlines, stale: true), listed("loaded", freshHeadlines)])
    }

    @Test("Ages are in the session's locale")
    func agesInLocale() async {
        let fixture = Fixture(calendar: testCalendar(locale: "fr_FR"))
        fixture.dataManager.willLoad(.success(freshHeadlines))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last?.articles.map(\.age) == ["il y a 3 heures", "il y a 3 heures"])
    }

    // MARK: Failing

    @Test("A failed load with a cache shows the failure's message with the cached headlines, stale")
    func failureWithCache() async {
        let fixture = Fixture(cached: cachedHeadlines)
        let failure = NewsFailure.unreachable("connection refused")
        fixture.dataManager.willLoad(.failure(failure))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [listed("loading", cachedHeadlines, stale: true), listed("failed", cachedHeadlines, stale: true, error: NewsMessages.text(failure))])
        #expect(fixture.view.renders.last?.errorMessage == "The news server could not be reached (connection refused).")
    }

    @Test("A failed first load with nothing cached shows the failure's message, no headlines, not stale")
    func failureWithoutCache() async {
        let fixture = Fixture()
        let failure = NewsFailure.refused(code: "apiKeyInvalid", message: "Your API key is invalid or incorrect.")
        fixture.dataManager.willLoad(.failure(failure))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(fixture.view.renders, [listed("loading"), listed("failed", error: NewsMessages.text(failure))])
    }

    @Test("A cancelled first load fails as cancelled, with the cached headlines")
    func firstLoadCancelled() async {
        let fixture = Fixture(cached: cachedHeadlines)
        fixture.dataManager.willLoad(.failure(.cancelled))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last == listed("failed", cachedHeadlines, stale: true, error: "Loading was cancelled."))
    }

    @Test("Only a failed list has an error message")
    func errorMessageOnlyWhenFailed() async {
        let fixture = Fixture(cached: cachedHeadlines)
        fixture.dataManager.willLoad(.success(freshHeadlines))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.map(\.errorMessage) == [nil, nil])
    }

    // MARK: Refreshing

    @Test("Refresh shows the headlines shown, stale, while loading, then the fresh ones, without reading the cache again")
    func refresh() async {
        let fixture = Fixture(cached: cachedHeadlines)
        await fixture.appear(loading: .success(cachedHeadlines))
        fixture.dataManager.willLoad(.success(freshHeadlines))
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(fixture.view.renders, [listed("loading", cachedHeadlines, stale: true), listed("loaded", freshHeadlines)])
        #expect(fixture.log.all == ["render", "loadArticles", "render"])
    }

    @Test("A refresh that fails keeps the headlines shown, stale, with the failure's message")
    func refreshFails() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        fixture.dataManager.willLoad(.failure(.status(502)))
        await fixture.presenter.handle(.refreshTapped)
        #expect(fixture.view.renders.last == listed("failed", freshHeadlines, stale: true, error: NewsMessages.text(.status(502))))
    }

    @Test("A cancelled refresh shows the list as it was before")
    func refreshCancelled() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        fixture.dataManager.willLoad(.failure(.cancelled))
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(fixture.view.renders, [listed("loading", freshHeadlines, stale: true), listed("loaded", freshHeadlines)])
    }

    // MARK: Opening an article

    @Test("Tapping an article of the list asks the Router for its detail, with the article, and shows nothing")
    func articleTapped() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        await fixture.presenter.handle(.articleTapped(id: freshHeadlines[1].id))
        #expect(fixture.router.detailsShown == [freshHeadlines[1]])
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["showDetail: \(freshHeadlines[1].id)"])
    }

    @Test("Tapping an id that is not in the list does nothing")
    func unknownArticleTapped() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        await fixture.presenter.handle(.articleTapped(id: "x"))
        #expect(fixture.router.detailsShown.isEmpty)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("An id that is not an article of the list is refused on the id; one that is, and a refresh, are not")
    func refusals() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        #expect(await fixture.presenter.refusal(of: .articleTapped(id: "x")) == EventRefusal(field: "id", reason: "is not an article of the list: 'x'"))
        #expect(await fixture.presenter.refusal(of: .articleTapped(id: freshHeadlines[0].id)) == nil)
        #expect(await fixture.presenter.refusal(of: .refreshTapped) == nil)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("An article the last load dropped is refused, though the cache once held it")
    func droppedArticleRefused() async {
        let fixture = Fixture(cached: cachedHeadlines)
        await fixture.appear(loading: .success(freshHeadlines))
        let dropped = cachedHeadlines[0].id
        #expect(await fixture.presenter.refusal(of: .articleTapped(id: dropped)) == EventRefusal(field: "id", reason: "is not an article of the list: '\(dropped)'"))
    }

    // MARK: The clock

    @Test("A clock change shows the list again with the new ages, without loading")
    func clockChangeRerenders() async {
        let fixture = Fixture()
        await fixture.appear(loading: .success(freshHeadlines))
        // A whole day after publication: ages of a day or more are counted in whole days.
        fixture.clock.set("2026-11-24T06:00:00Z")
        await fixture.presenter.clockDidChange()
        expectNoDifference(fixture.view.renders, [listed("loaded", freshHeadlines, age: "1 day ago")])
        #expect(fixture.log.all == ["render"])
    }

    @Test("A clock change keeps a failure and its message")
    func clockChangeKeepsFailure() async {
        let fixture = Fixture(cached: cachedHeadlines)
        await fixture.appear(loading: .failure(.status(500)))
        fixture.clock.set("2026-11-23T06:45:00Z")
        await fixture.presenter.clockDidChange()
        #expect(fixture.view.renders == [listed("failed", cachedHeadlines, stale: true, error: NewsMessages.text(.status(500)), age: "45 minutes ago")])
    }

    @Test("A clock change before the list appeared shows nothing")
    func clockChangeBeforeAppearing() async {
        let fixture = Fixture()
        await fixture.presenter.clockDidChange()
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all.isEmpty)
    }
}
