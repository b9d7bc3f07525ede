import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperStore

@testable import NewsApp

/// The real data manager on a real cache in memory, asking a stubbed news Service.
private struct Fixture {
    let service = StubNewsService()
    let cache: ArticleCache
    let manager: NewsDataManager

    init() throws {
        cache = ArticleCache(store: Store(try newsDatabase()))
        manager = NewsDataManager(cache: cache, service: service)
    }

    /// Loads `articles` through the manager, so that they are what the cache keeps.
    func load(_ articles: [Article]) async throws {
        service.willAnswer(.success(articles))
        _ = try await manager.loadArticles()
    }
}

/// Articles with every field, with none of the optional ones, and with a fractional second.
private let assorted = [
    article("tides", title: "Harbour City switches on its tidal barrage", source: "Reuters", publishedAt: "2026-11-23T08:57:03Z"),
    article("library", title: "Northfield library reopens", source: "Northfield Courier", author: nil, summary: nil, content: nil),
    Article(
        id: ArticleID.of(url: "https://news.test/markets"), title: "Markets open higher", sourceName: "Wire", author: "Desk",
        summary: "Stocks rose.", content: nil, url: "https://news.test/markets", publishedAt: instant("2026-11-23T07:41:12Z").addingTimeInterval(0.25)),
]

@Suite("The news data manager: fresh headlines from the Service, the last ones kept in the cache")
struct NewsDataManagerTests {
    @Test("Nothing is cached before the first load")
    func emptyAtFirst() async throws {
        let fixture = try Fixture()
        #expect(await fixture.manager.cachedArticles() == [])
        #expect(try await fixture.cache.load() == [])
        #expect(fixture.service.calls == 0)
    }

    @Test("A load gives the Service's articles and keeps them, in order, every field round-tripping, nil ones included")
    func loadIsKept() async throws {
        let fixture = try Fixture()
        fixture.service.willAnswer(.success(assorted))
        let loaded = try await fixture.manager.loadArticles()
        expectNoDifference(loaded, assorted)
        let cached = await fixture.manager.cachedArticles()
        expectNoDifference(cached, assorted)
        #expect(fixture.service.calls == 1)
    }

    @Test("A later load replaces what was kept, in its own order")
    func loadReplaces() async throws {
        let fixture = try Fixture()
        try await fixture.load(assorted)
        let later = [article("election"), assorted[1], article("weather", publishedAt: "2026-11-23T05:00:00Z")]
        try await fixture.load(later)
        let cached = await fixture.manager.cachedArticles()
        expectNoDifference(cached, later)
    }

    @Test("A load of no headlines leaves nothing cached")
    func emptyLoad() async throws {
        let fixture = try Fixture()
        try await fixture.load(assorted)
        try await fixture.load([])
        #expect(await fixture.manager.cachedArticles() == [])
    }

    @Test(
        "A failed load passes the failure on and keeps the previous cache",
        arguments: [
            NewsFailure.unreachable("connection refused"), .refused(code: "rateLimited", message: "You have been rate limited."), .status(500),
            .malformed("the body (text/html) is not JSON"), .cancelled,
        ])
    func failedLoadKeepsCache(failure: NewsFailure) async throws {
        let fixture = try Fixture()
        try await fixture.load(assorted)
        fixture.service.willAnswer(.failure(failure))
        await #expect(throws: failure) {
            try await fixture.manager.loadArticles()
        }
        let cached = await fixture.manager.cachedArticles()
        expectNoDifference(cached, assorted)
    }

    @Test("The cache outlives the data manager: another one on the same database finds the articles")
    func cacheSharedThroughDatabase() async throws {
        let fixture = try Fixture()
        try await fixture.load(assorted)
        let another = NewsDataManager(cache: ArticleCache(store: fixture.cache.store), service: StubNewsService())
        let cached = await another.cachedArticles()
        expectNoDifference(cached, assorted)
    }
}
