import Foundation
import Testing
import WebSocketTestClient

/// The News stories (protocol.md section 14), over the wire: the built `viper serve`
/// reading headlines from a `viper sample-server` on 127.0.0.1 whose clock matches the session's.
@Suite("News over the wire, against a sample server", .serialized)
struct NewsStoriesTests {
    static let now = "2026-11-23T09:00:00Z"

    private func viewModel(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: line)) as? [String: Any])
    }

    @Test("The list loads, an article opens and goes back, and a restart shows the cache while it loads again")
    func readTheNews() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let database = directory.path + "/viper.sqlite"

            let engine = try ServeProcess(serving: ["--db", database, "--news-url", server.url])
            _ = try engine.call(Wire.initialize(1, now: Self.now))
            let started = try engine.call(Wire.request(2, "app.start", #"{"app":"news"}"#))
            try #require(started.count == 4, "\(started)")
            let loading = try viewModel(started[1])
            #expect(loading["state"] as? String == "loading")
            #expect((loading["articles"] as? [Any])?.isEmpty == true)
            let loaded = try viewModel(started[2])
            #expect(loaded["state"] as? String == "loaded")
            #expect(loaded["isStale"] as? Bool == false)
            let articles = try #require(loaded["articles"] as? [[String: Any]])
            #expect(articles.count == 30)
            let first = try #require(articles.first)
            // The server's clock started at the session's instant and has run on a little since.
            #expect(["2 minutes ago", "3 minutes ago"].contains(first["age"] as? String ?? ""), "\(first)")
            let id = try #require(first["id"] as? String)

            let opened = try engine.call(Wire.event(3, "news.list#1", "articleTapped", #"{"id":"\#(id)"}"#))
            #expect(opened.first == Wire.navigate("push", "news.detail#1", from: "news.list#1"))
            let detail = try viewModel(opened[1])
            #expect(detail["title"] as? String == first["title"] as? String)
            #expect((detail["publishedAt"] as? String)?.hasPrefix("2026-11-23T08:57:") == true)
            let back = try engine.call(Wire.request(4, "view.back", #"{"scene":"news.detail#1"}"#))
            #expect(back.last == Wire.result(4, "{}"))
            #expect(try engine.finish().status == 0)

            // A new engine on the same file shows the cached articles, stale, while it loads.
            let restarted = try ServeProcess(serving: ["--db", database, "--news-url", SampleServerProcess.unreachableURL])
            _ = try restarted.call(Wire.initialize(1, now: Self.now))
            let again = try restarted.call(Wire.request(2, "app.start", #"{"app":"news"}"#))
            try #require(again.count == 4, "\(again)")
            let stale = try viewModel(again[1])
            #expect(stale["state"] as? String == "loading" && stale["isStale"] as? Bool == true)
            #expect((stale["articles"] as? [Any])?.count == 30)
            let failed = try viewModel(again[2])
            #expect(failed["state"] as? String == "failed" && failed["isStale"] as? Bool == true)
            #expect((failed["errorMessage"] as? String)?.contains("could not be reached") == true)
            #expect((failed["articles"] as? [Any])?.count == 30)
            #expect(try restarted.finish().status == 0)
        }
    }

    @Test("A server that wants a key and gets none is named in the message; with a key, the news loads")
    func apiKey() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now, arguments: ["--require-api-key"])
            defer { _ = try? server.stop() }
            let keyless = try ServeProcess(serving: ["--db", ":memory:", "--news-url", server.url], environment: [:])
            _ = try keyless.call(Wire.initialize(1, now: Self.now))
            let refused = try keyless.call(Wire.request(2, "app.start", #"{"app":"news"}"#))
            let failed = try viewModel(refused[2])
            #expect(failed["state"] as? String == "failed")
            #expect((failed["errorMessage"] as? String)?.contains("apiKeyMissing") == true)
            #expect(try keyless.finish().status == 0)

            let keyed = try ServeProcess(serving: ["--db", ":memory:", "--news-url", server.url], environment: ["NEWS_API_KEY": "any-key"])
            _ = try keyed.call(Wire.initialize(1, now: Self.now))
            let loaded = try keyed.call(Wire.request(2, "app.start", #"{"app":"news"}"#))
            #expect(try viewModel(loaded[2])["state"] as? String == "loaded")
            #expect(try keyed.finish().status == 0)
        }
    }

    @Test("An injected fault is a failed list, not a protocol error; refresh loads again")
    func faultThenRefresh() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--news-url", server.url, "--enable-fault-injection"])
            _ = try engine.call(Wire.initialize(1, now: Self.now))
            _ = try engine.call(Wire.request(2, "debug.injectFault", #"{"operation":"news.fetch","message":"the cable is cut"}"#))
            let started = try engine.call(Wire.request(3, "app.start", #"{"app":"news"}"#))
            let failed = try viewModel(started[2])
            #expect(failed["state"] as? String == "failed")
            #expect((failed["errorMessage"] as? String)?.contains("the cable is cut") == true)
            #expect(started.last == Wire.result(3, #"{"scene":"news.list#1"}"#))
            let refreshed = try engine.call(Wire.event(4, "news.list#1", "refreshTapped"))
            #expect(try viewModel(refreshed[1])["state"] as? String == "loaded")
            let unknown = try engine.call(Wire.event(5, "news.list#1", "articleTapped", #"{"id":"nope"}"#))
            #expect(unknown.count == 1 && unknown[0].contains(#""code":-32602"#) && unknown[0].contains("params.data.id"))
            let wrongType = try engine.call(Wire.event(6, "news.list#1", "articleTapped", #"{"id":7}"#))
            #expect(wrongType.count == 1 && wrongType[0].contains(#""code":-32602"#))
            #expect(try engine.finish().status == 0)
        }
    }
}
