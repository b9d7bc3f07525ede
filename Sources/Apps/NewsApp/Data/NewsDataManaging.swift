/// The news data manager, as the list's Interactor sees it: the cache, and fresh headlines
/// that replace it.
protocol NewsDataManaging: Sendable {
    /// The headlines of the last load that succeeded; empty when there was none.
    func cachedArticles() async -> [Article]
    /// Fresh headlines from the Service, kept in the cache.
    func loadArticles() async throws(NewsFailure) -> [Article]
}
