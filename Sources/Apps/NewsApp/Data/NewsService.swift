/// The news Service: it knows NewsAPI's URL and shape, and nothing of screens or caches.
protocol NewsService: Sendable {
    /// The top headlines, newest first.
    func topHeadlines() async throws(NewsFailure) -> [Article]
}
