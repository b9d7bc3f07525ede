public import ServiceKit
public import ViperCore
public import ViperStore

/// The News app: top headlines from NewsAPI, or from the sample
/// server in its shape, kept in SQLite so the list has something to show before each load and
/// when one fails; an article's detail is pushed with the article itself.
public struct NewsApp: ViperApp {
    public static let name = "news"
    /// The app's name as a person reads it.
    public static let title = "News"
    /// What the app does, in a sentence.
    public static let summary: String? = "The top headlines, and each article on a screen of its own."
    public static let faultOperations = [NewsAPIService.fetchOperation]
    public static let scenes: [any SceneContract.Type] = [NewsListScene.self, NewsDetailScene.self]
    /// The steps that make the app's table in the workspace's database.
    public static let migrations = ArticleCache.migrations

    private let dataManager: any NewsDataManaging

    /// The app on `store`, whose database must have run `migrations`, reading headlines from
    /// `news`, with `apiKey` when the server wants one, through `client`.
    public init(store: Store, news: ServiceEndpoint, apiKey: String?, client: ServiceClient) {
        dataManager = NewsDataManager(cache: ArticleCache(store: store), service: NewsAPIService(endpoint: news, apiKey: apiKey, client: client))
    }

    public var rootModule: NewsListBuilder { NewsListBuilder(dataManager: dataManager) }
}
