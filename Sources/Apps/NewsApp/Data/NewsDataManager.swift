/// The news data manager: the Service for fresh headlines, the cache for the last ones.
struct NewsDataManager: NewsDataManaging {
    let cache: ArticleCache
    let service: any NewsService

    func cachedArticles() async -> [Article] {
        (try? await cache.load()) ?? []
    }

    func loadArticles() async throws(NewsFailure) -> [Article] {
        let articles = try await service.topHeadlines()
        // A cache that cannot be written costs only the next start's head start.
        try? await cache.replace(with: articles)
        return articles
    }
}
