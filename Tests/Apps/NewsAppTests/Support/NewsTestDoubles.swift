import Foundation
import ServiceKit
import Synchronization
import ViperCore
import ViperStore
import AppTestSupport

@testable import NewsApp

// MARK: - Time

// MARK: - Articles

/// An article as NewsAPI would give it, at `https://news.test/<name>`, published at 06:00 UTC on
/// 23 November 2026 (three hours before `testNow`) unless told otherwise. Its id is made from
/// its URL, as the Service makes it.
func article(
    _ name: String = "tides", title: String? = nil, source: String = "Harbour Gazette", author: String? = "Mara Quill",
    summary: String? = "A summary of the story.", content: String? = "The story's text.", publishedAt: String = "2026-11-23T06:00:00Z"
) -> Article {
    let url = "https://news.test/\(name)"
    return Article(
        id: ArticleID.of(url: url), title: title ?? "Headline: \(name)", sourceName: source, author: author, summary: summary,
        content: content, url: url, publishedAt: instant(publishedAt))
}

/// The base URL the HTTP tests give the news Service.
let testNewsBase = URL(string: "http://news.test/base")!

/// The app's database, in memory, with the app's migrations run.
func newsDatabase() throws -> SQLiteStore {
    try SQLiteStore.inMemory(migrations: NewsApp.migrations)
}

/// The NewsAPI Service at `testNewsBase`, over `http`, with `apiKey` when given.
func newsAPIService(_ http: StubHTTPClient, apiKey: String? = nil, faults: FaultInjector? = nil) -> NewsAPIService {
    NewsAPIService(endpoint: .fixed(testNewsBase), apiKey: apiKey, client: ServiceClient(http: http, faults: faults))
}

// MARK: - Logs, views and Routers



/// The list's Router: keeps the articles whose detail it was asked to show, and notes
/// `showDetail: <id>` in `log`.
final class RecordingNewsListRouter: NewsListRouting {
    private let shown = Mutex<[Article]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// The articles `showDetail` was given, in order.
    var detailsShown: [Article] { shown.withLock { $0 } }

    func showDetail(of story: Article) async {
        shown.withLock { $0.append(story) }
        log?.record("showDetail: \(story.id)")
    }
}

// MARK: - Data manager

/// A data manager with scripted loads that records what it was asked (`cachedArticles`,
/// `loadArticles`) in `calls` and the shared `log`. Like the real one, a load that succeeds
/// replaces the cached articles.
final class StubNewsDataManager: NewsDataManaging {
    private struct State {
        var cached: [Article]
        var loads: [Result<[Article], NewsFailure>] = []
        var calls: [String] = []
    }

    private let state: Mutex<State>
    private let log: EventLog?

    init(cached: [Article] = [], log: EventLog? = nil) {
        state = Mutex(State(cached: cached))
        self.log = log
    }

    /// What was asked, in order: `cachedArticles`, `loadArticles`.
    var calls: [String] { state.withLock { $0.calls } }
    /// The articles it holds as cached now.
    var cached: [Article] { state.withLock { $0.cached } }

    /// Answers the next `loadArticles` with `result` (`.failure(.cancelled)` for a cancelled
    /// load); loads are answered in the order scripted. With nothing scripted, a load is
    /// unreachable.
    func willLoad(_ result: Result<[Article], NewsFailure>) {
        state.withLock { $0.loads.append(result) }
    }

    func cachedArticles() async -> [Article] {
        record("cachedArticles")
        return state.withLock { $0.cached }
    }

    func loadArticles() async throws(NewsFailure) -> [Article] {
        record("loadArticles")
        let result: Result<[Article], NewsFailure> = state.withLock { state in
            guard !state.loads.isEmpty else { return .failure(.unreachable("no load scripted")) }
            let next = state.loads.removeFirst()
            if case .success(let articles) = next { state.cached = articles }
            return next
        }
        return try result.get()
    }

    private func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}

// MARK: - News Service

/// A news Service with scripted answers, in order, that counts how often it was asked. With
/// nothing scripted, it is unreachable.
final class StubNewsService: NewsService {
    private struct State {
        var answers: [Result<[Article], NewsFailure>] = []
        var calls = 0
    }

    private let state = Mutex(State())

    /// How many times `topHeadlines` was asked.
    var calls: Int { state.withLock { $0.calls } }

    func willAnswer(_ result: Result<[Article], NewsFailure>) {
        state.withLock { $0.answers.append(result) }
    }

    func topHeadlines() async throws(NewsFailure) -> [Article] {
        let result: Result<[Article], NewsFailure> = state.withLock { state in
            state.calls += 1
            return state.answers.isEmpty ? .failure(.unreachable("no answer scripted")) : state.answers.removeFirst()
        }
        return try result.get()
    }
}

// MARK: - HTTP

