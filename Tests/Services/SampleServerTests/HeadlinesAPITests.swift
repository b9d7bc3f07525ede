import Foundation
import Testing
import ViperJSON

@testable import SampleServer

@Suite("The news API: NewsAPI's top headlines, in its shape")
struct HeadlinesAPITests {
    @Test("Top headlines are NewsAPI's shape, newest first, published relative to the server's clock")
    func shape() async throws {
        let api = try SampleAPIHarness()
        let response = await api.get("/v2/top-headlines", ["country": "us", "pageSize": "3"])
        #expect(response.status == 200)
        #expect(response.body["status"] == "ok")
        #expect(response.body["totalResults"] == .number(Double(SampleArticle.all.count)))
        guard case .array(let articles)? = response.body["articles"] else {
            Issue.record("no articles in \(response.body)")
            return
        }
        #expect(articles.count == 3)
        let first = try #require(articles.first)
        guard case .object(let members) = first else { return }
        #expect(Set(members.keys) == ["source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content"])
        let newest = try #require(SampleArticle.all.first)
        #expect(first["title"] == .string(newest.title))
        let published = SampleAPIHarness.now.addingTimeInterval(Double(-60 * newest.minutesAgo))
        #expect(first["publishedAt"] == .string(published.formatted(.iso8601)))
    }

    @Test("The same request gives the same body")
    func deterministic() async throws {
        let api = try SampleAPIHarness()
        let first = await api.get("/v2/top-headlines", ["country": "us"])
        let second = await api.get("/v2/top-headlines", ["country": "us"])
        #expect(first.body == second.body)
    }

    @Test("Category, query and pages filter as NewsAPI does")
    func filters() async throws {
        let api = try SampleAPIHarness()
        let sports = await api.get("/v2/top-headlines", ["category": "sports"])
        #expect(sports.body["totalResults"] == .number(Double(SampleArticle.all.filter { $0.category == "sports" }.count)))
        let pageTwo = await api.get("/v2/top-headlines", ["country": "us", "pageSize": "40", "page": "2"])
        guard case .array(let rest)? = pageTwo.body["articles"] else { return }
        #expect(rest.count == SampleArticle.all.count - 40)
        let elsewhere = await api.get("/v2/top-headlines", ["country": "fr"])
        #expect(elsewhere.body["totalResults"] == 0)
    }

    @Test(
        "Bad parameters are NewsAPI's errors",
        arguments: [
            ([:], 400, "parametersMissing"),
            (["country": "us", "pageSize": "0"], 400, "parameterInvalid"),
            (["country": "us", "category": "gossip"], 400, "parameterInvalid"),
        ] as [([String: String], Int, String)])
    func badParameters(query: [String: String], status: Int, code: String) async throws {
        let response = await (try SampleAPIHarness()).get("/v2/top-headlines", query)
        #expect(response.status == status)
        #expect(response.body["status"] == "error")
        #expect(response.body["code"] == .string(code))
    }

    @Test("With --require-api-key, a missing key and an empty one are 401s; any other key passes")
    func apiKey() async throws {
        let api = try SampleAPIHarness(requiresAPIKey: true)
        #expect(await api.get("/v2/top-headlines", ["country": "us"]).body["code"] == "apiKeyMissing")
        #expect(await api.get("/v2/top-headlines", ["country": "us", "apiKey": ""]).body["code"] == "apiKeyInvalid")
        #expect(await api.get("/v2/top-headlines", ["country": "us", "apiKey": "abc"]).status == 200)
        #expect(await api.get("/v2/top-headlines", ["country": "us"], headers: ["X-Api-Key": "abc"]).status == 200)
    }
}
