/// Loads the headlines through the data manager and keeps what the list shows: the cached
/// articles while loading and after a failure (marked stale), the fresh ones once loaded, and
/// what was shown before when a load is cancelled.
actor NewsListInteractor: NewsListInteracting {
    private let dataManager: any NewsDataManaging
    private var shown: NewsListing?
    private var beforeLoading: NewsListing?

    init(dataManager: any NewsDataManaging) {
        self.dataManager = dataManager
    }

    func listing() -> NewsListing? {
        shown
    }

    func beginLoading() async -> NewsListing {
        beforeLoading = shown
        var articles = shown?.articles ?? []
        if shown == nil { articles = await dataManager.cachedArticles() }
        let loading = NewsListing(phase: .loading, articles: articles, isStale: !articles.isEmpty)
        shown = loading
        return loading
    }

    func finishLoading() async -> NewsListing {
        let articles = shown?.articles ?? []
        let finished: NewsListing
        do {
            finished = NewsListing(phase: .loaded, articles: try await dataManager.loadArticles(), isStale: false)
        } catch .cancelled {
            finished = beforeLoading ?? NewsListing(phase: .failed(.cancelled), articles: articles, isStale: !articles.isEmpty)
        } catch {
            finished = NewsListing(phase: .failed(error), articles: articles, isStale: !articles.isEmpty)
        }
        shown = finished
        beforeLoading = nil
        return finished
    }

    func article(id: String) -> Article? {
        shown?.articles.first { $0.id == id }
    }
}
