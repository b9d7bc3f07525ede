import Foundation
import ServiceKit
import Synchronization
import ViperCore
import ViperStore

@testable import NewsApp

// MARK: - Time

/// The instant the News tests read the news at: 09:00 UTC on 23 November 2026.
let testNow = "2026-11-23T09:00:00Z"

/// An instant from its ISO 8601 text (`2026-11-23T06:00:00Z`).
func instant(_ iso8601: String) -> Date {
    try! Date.ISO8601FormatStyle().parse(iso8601)
}

/// A calendar for tests; UTC and en_US unless told otherwise.
func testCalendar(timeZone: String = "UTC", firstWeekday: Int = 1, locale: String = "en_US") -> DayCalendar {
    DayCalendar(timeZone: TimeZone(identifier: timeZone)!, firstWeekday: firstWeekday, locale: Locale(identifier: locale))
}

/// A clock fixed at one instant.
struct FixedClock: WallClock {
    let now: Date

    init(_ iso8601: String = testNow) {
        now = instant(iso8601)
    }
}

/// A clock that stays where it is set, as the session's clock does between two `clock.set`s.
final class MutableClock: WallClock {
    private let current: Mutex<Date>

    init(_ iso8601: String = testNow) {
        current = Mutex(instant(iso8601))
    }

    var now: Date { current.withLock { $0 } }

    /// Moves the clock to `iso8601`.
    func set(_ iso8601: String) {
        let date = instant(iso8601)
        current.withLock { $0 = date }
    }
}

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
func newsDatabase() throws -> StoreDatabase {
    try StoreDatabase.inMemory(migrations: NewsApp.migrations)
}

/// The NewsAPI Service at `testNewsBase`, over `http`, with `apiKey` when given.
func newsAPIService(_ http: StubHTTPClient, apiKey: String? = nil, faults: FaultInjector? = nil) -> NewsAPIService {
    NewsAPIService(endpoint: .fixed(testNewsBase), apiKey: apiKey, client: ServiceClient(http: http, faults: faults))
}

// MARK: - Logs, views and Routers

/// Records what happened, in order, across the doubles of one test.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])

    var all: [String] { entries.withLock { $0 } }

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Forgets what was recorded, so a test sees only what follows.
    func clear() {
        entries.withLock { $0.removeAll() }
    }
}

/// A view that keeps every view model it was asked to render, and notes "render" in `log`.
final class RecordingView<ViewModel: Sendable>: SceneView {
    private let rendered = Mutex<[ViewModel]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    var renders: [ViewModel] { rendered.withLock { $0 } }

    func render(_ viewModel: ViewModel) async {
        rendered.withLock { $0.append(viewModel) }
        log?.record("render")
    }

    /// Forgets what was rendered, so a test sees only what follows.
    func clear() {
        rendered.withLock { $0.removeAll() }
    }
}

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

/// An HTTP port that answers with scripted responses, in order, throws scripted `HTTPFailure`s
/// or `CancellationError`s, and records every request it was sent. With nothing left to answer,
/// it throws an `HTTPFailure` saying so.
final class StubHTTPClient: HTTPClient {
    enum Outcome: Sendable {
        case response(HTTPResponse)
        case failure(HTTPFailure)
        case cancelled
    }

    private struct State {
        var outcomes: [Outcome] = []
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    /// The requests sent, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func willRespond(_ response: HTTPResponse) {
        state.withLock { $0.outcomes.append(.response(response)) }
    }

    /// Answers the next request with `status` and the JSON text `json`.
    func willRespond(_ status: Int, json: String) {
        willRespond(HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(json.utf8)))
    }

    /// Answers the next request with `status` and an HTML page, as a proxy or a broken server would.
    func willRespond(_ status: Int, html: String) {
        willRespond(HTTPResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(html.utf8)))
    }

    /// Gives no answer to the next request: it throws `HTTPFailure(message:)`.
    func willFail(_ message: String) {
        state.withLock { $0.outcomes.append(.failure(HTTPFailure(message: message))) }
    }

    /// Cancels the next request: it throws `CancellationError`, as the port does when the
    /// calling task is cancelled.
    func willCancel() {
        state.withLock { $0.outcomes.append(.cancelled) }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome: Outcome? = state.withLock { state in
            state.requests.append(request)
            return state.outcomes.isEmpty ? nil : state.outcomes.removeFirst()
        }
        switch outcome {
        case .response(let response): return response
        case .failure(let failure): throw failure
        case .cancelled: throw CancellationError()
        case nil: throw HTTPFailure(message: "no response scripted for \(request.method) \(request.url.absoluteString)")
        }
    }
}
