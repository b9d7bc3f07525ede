public import ViperCore

/// The `news.list` scene: the top headlines, with the state of their loading.
public enum NewsListScene: SceneContract {
    public static let kind: SceneKind = "news.list"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Top headlines",
        emptyText: "No headlines right now.",
        labels: ["refreshTapped": "Refresh", "articleTapped": "Read", "isStale": "Not up to date"],
        roles: [
            "state": .state(tones: ["loading": .busy, "loaded": .settled, "failed": .bad]), "isStale": .warning, "errorMessage": .error,
            "id": .identifier, "title": .heading, "summary": .longText,
        ],
        eventRoles: ["refreshTapped": .secondary])

    public enum Event: SceneEvent {
        /// Load the headlines again.
        case refreshTapped
        /// Open an article of the list.
        case articleTapped(id: String)

        public enum CodingKeys: CodingKey, CaseIterable { case refreshTapped, articleTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// `loading`, `loaded` or `failed`.
        public let state: String
        /// In NewsAPI's order; while loading or after a failure, those of an earlier load.
        public let articles: [Item]
        /// Whether the articles shown are the cached ones of an earlier load.
        public let isStale: Bool
        /// Why loading failed, naming the cause; null unless `state` is `failed`.
        public let errorMessage: String?
    }

    /// One headline.
    public struct Item: Codable, Sendable, Equatable {
        /// The article's id, 16 hex digits made from its URL, as `articleTapped` names it.
        public let id: String
        /// The headline.
        public let title: String
        /// The name of the source that published it, or "Unknown source" when NewsAPI gives none.
        public let source: String
        /// How long ago it was published, by the session's clock and in its locale.
        public let age: String
        /// NewsAPI's description of the article; null when it has none.
        public let summary: String?
    }
}

/// What the list shows, as the Interactor reports it.
struct NewsListing: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        case loading, loaded
        case failed(NewsFailure)
    }

    let phase: Phase
    let articles: [Article]
    let isStale: Bool
}

/// The list's Interactor, as its Presenter sees it.
protocol NewsListInteracting: Sendable {
    /// What the list shows now; nil before the first load began.
    func listing() async -> NewsListing?
    /// Starts a load: the listing to show while it runs.
    func beginLoading() async -> NewsListing
    /// Runs the load begun by `beginLoading`: the headlines, the failure with the cached
    /// ones, or, when cancelled, what was shown before.
    func finishLoading() async -> NewsListing
    /// The article of the list with `id`.
    func article(id: String) async -> Article?
}

/// The list's Router, as its Presenter sees it.
protocol NewsListRouting: Sendable {
    func showDetail(of article: Article) async
}
