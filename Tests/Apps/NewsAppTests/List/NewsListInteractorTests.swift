import AppTestSupport
import Testing

@testable import NewsApp

/// Headlines kept from an earlier load, and the fresh ones of the next.
private let cachedHeadlines = [article("tides"), article("library")]
private let freshHeadlines = [article("election"), article("tides", title: "Harbour City's barrage: the first night's output")]

/// A list Interactor on a data manager that holds `cached`.
private func makeInteractor(cached: [Article] = []) -> (NewsListInteractor, StubNewsDataManager) {
    let dataManager = StubNewsDataManager(cached: cached)
    return (NewsListInteractor(dataManager: dataManager), dataManager)
}

@Suite("The list Interactor: the cache while loading, the headlines once loaded, the cache again on failure")
struct NewsListInteractorTests {
    @Test("Before the first load, there is no listing")
    func noListingAtFirst() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        #expect(await interactor.listing() == nil)
        #expect(dataManager.calls.isEmpty)
    }

    // MARK: Beginning

    @Test("A first load with nothing cached shows loading, without articles, not stale")
    func firstLoadWithoutCache() async {
        let (interactor, dataManager) = makeInteractor()
        let loading = await interactor.beginLoading()
        #expect(loading == NewsListing(phase: .loading, articles: [], isStale: false))
        #expect(await interactor.listing() == loading)
        #expect(dataManager.calls == ["cachedArticles"])
    }

    @Test("A first load with a cache shows the cached articles while loading, stale")
    func firstLoadWithCache() async {
        let (interactor, _) = makeInteractor(cached: cachedHeadlines)
        let loading = await interactor.beginLoading()
        #expect(loading == NewsListing(phase: .loading, articles: cachedHeadlines, isStale: true))
        #expect(await interactor.listing() == loading)
    }

    @Test("A refresh shows what the list showed while loading, stale, without reading the cache again")
    func refreshShowsWhatWasShown() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success(freshHeadlines))
        _ = await interactor.beginLoading()
        _ = await interactor.finishLoading()
        #expect(await interactor.beginLoading() == NewsListing(phase: .loading, articles: freshHeadlines, isStale: true))
        #expect(dataManager.calls == ["cachedArticles", "loadArticles"])
    }

    // MARK: Finishing

    @Test("A load that succeeds shows the fresh headlines, loaded, not stale")
    func loadSucceeds() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success(freshHeadlines))
        _ = await interactor.beginLoading()
        let loaded = await interactor.finishLoading()
        #expect(loaded == NewsListing(phase: .loaded, articles: freshHeadlines, isStale: false))
        #expect(await interactor.listing() == loaded)
        #expect(dataManager.calls == ["cachedArticles", "loadArticles"])
    }

    @Test("A load of no headlines is loaded and empty")
    func loadSucceedsEmpty() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success([]))
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == NewsListing(phase: .loaded, articles: [], isStale: false))
    }

    @Test("A load that fails shows the failure with the cached articles, stale")
    func loadFailsWithCache() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.failure(.unreachable("connection refused")))
        _ = await interactor.beginLoading()
        let failed = await interactor.finishLoading()
        #expect(failed == NewsListing(phase: .failed(.unreachable("connection refused")), articles: cachedHeadlines, isStale: true))
        #expect(await interactor.listing() == failed)
    }

    @Test("A first load that fails with nothing cached shows the failure without articles, not stale")
    func loadFailsWithoutCache() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willLoad(.failure(.status(500)))
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == NewsListing(phase: .failed(.status(500)), articles: [], isStale: false))
    }

    @Test("A refresh that fails keeps the articles shown while it ran, stale")
    func refreshFails() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success(freshHeadlines))
        dataManager.willLoad(.failure(.refused(code: "rateLimited", message: "You have been rate limited.")))
        _ = await interactor.beginLoading()
        _ = await interactor.finishLoading()
        _ = await interactor.beginLoading()
        #expect(
            await interactor.finishLoading()
                == NewsListing(phase: .failed(.refused(code: "rateLimited", message: "You have been rate limited.")), articles: freshHeadlines, isStale: true))
    }

    // MARK: Cancelling

    @Test("A first load that is cancelled fails as cancelled, with the cached articles")
    func firstLoadCancelled() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.failure(.cancelled))
        _ = await interactor.beginLoading()
        let cancelled = await interactor.finishLoading()
        #expect(cancelled == NewsListing(phase: .failed(.cancelled), articles: cachedHeadlines, isStale: true))
        #expect(await interactor.listing() == cancelled)
    }

    @Test("A first load that is cancelled with nothing cached fails as cancelled, without articles, not stale")
    func firstLoadCancelledWithoutCache() async {
        let (interactor, dataManager) = makeInteractor()
        dataManager.willLoad(.failure(.cancelled))
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == NewsListing(phase: .failed(.cancelled), articles: [], isStale: false))
    }

    @Test("A refresh that is cancelled shows exactly what the list showed before it")
    func refreshCancelledAfterLoad() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success(freshHeadlines))
        dataManager.willLoad(.failure(.cancelled))
        _ = await interactor.beginLoading()
        let before = await interactor.finishLoading()
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == before)
        #expect(await interactor.listing() == NewsListing(phase: .loaded, articles: freshHeadlines, isStale: false))
    }

    @Test("A refresh of a failed list that is cancelled shows the failure again")
    func refreshCancelledAfterFailure() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.failure(.unreachable("connection refused")))
        dataManager.willLoad(.failure(.cancelled))
        _ = await interactor.beginLoading()
        let before = await interactor.finishLoading()
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == before)
        #expect(before == NewsListing(phase: .failed(.unreachable("connection refused")), articles: cachedHeadlines, isStale: true))
    }

    @Test("After a cancelled refresh, the next load starts from the listing restored")
    func loadAfterCancelledRefresh() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        dataManager.willLoad(.success(freshHeadlines))
        dataManager.willLoad(.failure(.cancelled))
        dataManager.willLoad(.failure(.cancelled))
        _ = await interactor.beginLoading()
        let before = await interactor.finishLoading()
        _ = await interactor.beginLoading()
        _ = await interactor.finishLoading()
        _ = await interactor.beginLoading()
        #expect(await interactor.finishLoading() == before)
    }

    // MARK: Articles

    @Test("An article is found only in the listing shown now")
    func articleOfCurrentListing() async {
        let (interactor, dataManager) = makeInteractor(cached: cachedHeadlines)
        // Before anything is shown, not even the cached articles are found.
        #expect(await interactor.article(id: cachedHeadlines[0].id) == nil)

        _ = await interactor.beginLoading()
        #expect(await interactor.article(id: cachedHeadlines[1].id) == cachedHeadlines[1])
        #expect(await interactor.article(id: freshHeadlines[0].id) == nil)

        dataManager.willLoad(.success(freshHeadlines))
        _ = await interactor.finishLoading()
        #expect(await interactor.article(id: freshHeadlines[0].id) == freshHeadlines[0])
        // The same URL, loaded again, is the fresh article.
        #expect(await interactor.article(id: cachedHeadlines[0].id) == freshHeadlines[1])
        // Dropped by the load.
        #expect(await interactor.article(id: cachedHeadlines[1].id) == nil)
        #expect(await interactor.article(id: "x") == nil)
    }
}
