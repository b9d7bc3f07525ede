import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import NewsApp

/// The NewsAPI Service at `http://news.test/base`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    func service(apiKey: String? = nil) -> NewsAPIService {
        newsAPIService(http, apiKey: apiKey, faults: faults)
    }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

/// A `/v2/top-headlines` answer as NewsAPI writes it: a wire-service story with every field, a
/// "[Removed]" placeholder where a story was taken down, and a local story whose source has no
/// id, with no author, description or content and fractional seconds in its date.
private let recordedHeadlines = #"""
    {
      "status": "ok",
      "totalResults": 3,
      "articles": [
        {
          "source": {"id": "reuters", "name": "Reuters"},
          "author": "Mara Quill",
          "title": "Harbour City switches on the first turbines of its tidal barrage",
          "description": "The 40-turbine array is expected to cover a fifth of the city\u2019s winter demand.",
          "url": "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/",
          "urlToImage": "https://www.reuters.com/resizer/v2/harbour-city-tidal.jpg?auth=3f1c&width=1200",
          "publishedAt": "2026-11-23T08:57:03Z",
          "content": "HARBOUR CITY, Nov 23 (Reuters) - The first turbines of the bay barrage began feeding the grid on Monday \u2026 [+2140 chars]"
        },
        {
          "source": {"id": null, "name": "[Removed]"},
          "author": null,
          "title": "[Removed]",
          "description": "[Removed]",
          "url": "https://removed.com",
          "urlToImage": null,
          "publishedAt": "1970-01-01T00:00:00Z",
          "content": "[Removed]"
        },
        {
          "source": {"id": null, "name": "Northfield Courier"},
          "author": null,
          "title": "Northfield library reopens after a two-year restoration",
          "description": null,
          "url": "https://www.northfieldcourier.test/2026/11/23/library-reopens",
          "urlToImage": null,
          "publishedAt": "2026-11-23T07:41:12.250Z",
          "content": null
        }
      ]
    }
    """#

/// The articles `recordedHeadlines` holds, in order, without the placeholder.
private let recordedArticles = [
    Article(
        id: "8fa4038c41ef3dda", title: "Harbour City switches on the first turbines of its tidal barrage", sourceName: "Reuters",
        author: "Mara Quill", summary: "The 40-turbine array is expected to cover a fifth of the city\u{2019}s winter demand.",
        content: "HARBOUR CITY, Nov 23 (Reuters) - The first turbines of the bay barrage began feeding the grid on Monday \u{2026} [+2140 chars]",
        url: "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/", publishedAt: instant("2026-11-23T08:57:03Z")),
    Article(
        id: ArticleID.of(url: "https://www.northfieldcourier.test/2026/11/23/library-reopens"),
        title: "Northfield library reopens after a two-year restoration", sourceName: "Northfield Courier", author: nil, summary: nil,
        content: nil, url: "https://www.northfieldcourier.test/2026/11/23/library-reopens",
        publishedAt: instant("2026-11-23T07:41:12Z").addingTimeInterval(0.25)),
]

@Suite("The NewsAPI Service: GET /v2/top-headlines, its articles, and its answers as news failures")
struct NewsAPIServiceTests {
    // MARK: The request

    @Test("The headlines are a GET of /v2/top-headlines for the US, 30 a page, under the base URL's path")
    func request() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"status":"ok","totalResults":0,"articles":[]}"#)
        #expect(try await fixture.service().topHeadlines() == [])
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://news.test/base/v2/top-headlines?country=us&pageSize=30")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test("A key goes in the X-Api-Key header, never in the URL")
    func apiKeyInHeader() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"status":"ok","totalResults":0,"articles":[]}"#)
        _ = try await fixture.service(apiKey: "planted-k3y-0123456789").topHeadlines()
        let request = try fixture.request()
        #expect(request.headers == ["Accept": "application/json", "X-Api-Key": "planted-k3y-0123456789"])
        #expect(request.url.absoluteString == "http://news.test/base/v2/top-headlines?country=us&pageSize=30")
        #expect(!request.url.absoluteString.contains("planted-k3y"))
    }

    // MARK: The articles

    @Test("A recorded answer gives its articles in order, skipping the \"[Removed]\" placeholder, nulls read as nil")
    func recordedAnswer() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: recordedHeadlines)
        let articles = try await fixture.service().topHeadlines()
        expectNoDifference(articles, recordedArticles)
    }

    @Test("Articles without a title, a URL or a readable date are skipped; one without a source name is from an unknown source")
    func incompleteArticles() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"status":"ok","totalResults":4,"articles":[
                  {"source":{"id":null,"name":"Courier"},"author":null,"title":null,"description":null,"url":"https://news.test/untitled","publishedAt":"2026-11-23T08:00:00Z","content":null},
                  {"source":{"id":null,"name":"Courier"},"author":null,"title":"No URL","description":null,"url":null,"publishedAt":"2026-11-23T08:00:00Z","content":null},
                  {"source":{"id":null,"name":"Courier"},"author":null,"title":"No date","description":null,"url":"https://news.test/undated","publishedAt":"yesterday","content":null},
                  {"source":{"id":null},"author":null,"title":"Nameless source","description":null,"url":"https://news.test/nameless","publishedAt":"2026-11-23T08:00:00Z","content":null}
                ]}
                """#)
        let articles = try await fixture.service().topHeadlines()
        expectNoDifference(
            articles,
            [
                Article(
                    id: ArticleID.of(url: "https://news.test/nameless"), title: "Nameless source", sourceName: "Unknown source", author: nil,
                    summary: nil, content: nil, url: "https://news.test/nameless", publishedAt: instant("2026-11-23T08:00:00Z"))
            ])
    }

    // MARK: NewsAPI's errors

    @Test("A 401 with NewsAPI's error body is a refusal with its code and message")
    func invalidKey() async {
        let fixture = Fixture()
        fixture.http.willRespond(
            401,
            json: #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key."}"#)
        await #expect(
            throws: NewsFailure.refused(
                code: "apiKeyInvalid",
                message: "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.")
        ) {
            try await fixture.service(apiKey: "wrong").topHeadlines()
        }
    }

    @Test("A 429 with NewsAPI's error body is a refusal with its code and message")
    func rateLimited() async {
        let fixture = Fixture()
        fixture.http.willRespond(
            429,
            json: #"{"status":"error","code":"rateLimited","message":"You have been rate limited. Back off for a while before trying the request again."}"#)
        await #expect(
            throws: NewsFailure.refused(code: "rateLimited", message: "You have been rate limited. Back off for a while before trying the request again.")
        ) {
            try await fixture.service().topHeadlines()
        }
    }

    // MARK: Answers that are not NewsAPI's

    @Test("An HTML page with a 500 is an error status")
    func htmlWith500() async {
        let fixture = Fixture()
        fixture.http.willRespond(500, html: "<html><body><h1>500 Internal Server Error</h1></body></html>")
        await #expect(throws: NewsFailure.status(500)) {
            try await fixture.service().topHeadlines()
        }
    }

    @Test("JSON with an error status but without NewsAPI's error body is an error status")
    func jsonWith503() async {
        let fixture = Fixture()
        fixture.http.willRespond(503, json: #"{"error":"unavailable"}"#)
        await #expect(throws: NewsFailure.status(503)) {
            try await fixture.service().topHeadlines()
        }
    }

    @Test("An HTML page with a 200 could not be read")
    func htmlWith200() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, html: "<html><body>Welcome to the captive portal</body></html>")
        await #expect(throws: NewsFailure.malformed("the body (text/html) is not JSON")) {
            try await fixture.service().topHeadlines()
        }
    }

    @Test("JSON with a 200 but without articles could not be read", arguments: [#"{"status":"ok","totalResults":0}"#, #"{"status":"ok","articles":{}}"#, "[]"])
    func jsonWithoutArticles(json: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: json)
        await #expect(throws: NewsFailure.malformed("no status \"ok\" with articles")) {
            try await fixture.service().topHeadlines()
        }
    }

    // MARK: No answer

    @Test("No answer at all is unreachable, with the HTTP port's reason")
    func httpFailure() async {
        let fixture = Fixture()
        fixture.http.willFail("connection refused")
        await #expect(throws: NewsFailure.unreachable("connection refused")) {
            try await fixture.service().topHeadlines()
        }
    }

    @Test("A request the port cancels is a cancelled load")
    func cancelled() async {
        let fixture = Fixture()
        fixture.http.willCancel()
        await #expect(throws: NewsFailure.cancelled) {
            try await fixture.service().topHeadlines()
        }
    }

    @Test("A fault injected for news.fetch is unreachable with the injected text, sends nothing, and fires once")
    func injectedFault() async throws {
        let fixture = Fixture()
        #expect(NewsApp.faultOperations == ["news.fetch"])
        fixture.faults.arm("news.fetch", message: "boom")
        await #expect(throws: NewsFailure.unreachable("boom")) {
            try await fixture.service().topHeadlines()
        }
        #expect(fixture.http.requests.isEmpty)
        fixture.http.willRespond(200, json: recordedHeadlines)
        #expect(try await fixture.service().topHeadlines().count == 2)
        #expect(fixture.http.requests.count == 1)
    }

    @Test("A fault injected for another operation leaves the headlines alone")
    func faultForAnotherOperation() async throws {
        let fixture = Fixture()
        fixture.faults.arm("accounts.logIn", message: "boom")
        fixture.http.willRespond(200, json: recordedHeadlines)
        #expect(try await fixture.service().topHeadlines().count == 2)
    }
}
