import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The news Service over HTTP: NewsAPI's `GET /v2/top-headlines`, from the real NewsAPI or the
/// sample server, which answers in the same shape. The key, when there is one, goes in the
/// `X-Api-Key` header, never in the URL, so it stays out of logs of URLs.
struct NewsAPIService: NewsService {
    let endpoint: ServiceEndpoint
    let apiKey: String?
    let client: ServiceClient

    static let fetchOperation = "news.fetch"
    static let pageSize = 30

    func topHeadlines() async throws(NewsFailure) -> [Article] {
        let reply: ServiceClient.Reply
        do {
            reply = try await client.send(
                "GET", "/v2/top-headlines", on: endpoint, query: [("country", "us"), ("pageSize", String(Self.pageSize))],
                headers: apiKey.map { ["X-Api-Key": $0] } ?? [:], operation: Self.fetchOperation)
        } catch {
            throw error.worded(as: NewsFailure.self)
        }
        if reply.body["status"]?.text == "error" {
            throw .refused(code: reply.body["code"]?.text ?? "error", message: reply.body["message"]?.text ?? "no message")
        }
        guard (200..<300).contains(reply.status) else { throw .status(reply.status) }
        guard reply.body["status"]?.text == "ok", case .array(let articles)? = reply.body["articles"] else {
            throw .malformed("no status \"ok\" with articles")
        }
        // NewsAPI sometimes lists a story twice; ids come from URLs, and a list needs each once.
        var seen: Set<String> = []
        return articles.compactMap(Self.article).filter { seen.insert($0.id).inserted }
    }

    /// One article of NewsAPI's list; nil for one without a title or URL, and for the
    /// "[Removed]" placeholders NewsAPI leaves where an article was taken down.
    private static func article(_ json: JSONValue) -> Article? {
        guard let title = json["title"]?.text, title != "[Removed]", let url = json["url"]?.text,
            let published = json["publishedAt"]?.text, let publishedAt = date(published)
        else { return nil }
        return Article(
            id: ArticleID.of(url: url), title: title, sourceName: json["source"]?["name"]?.text ?? "Unknown source",
            author: json["author"]?.text, summary: json["description"]?.text, content: json["content"]?.text, url: url,
            publishedAt: publishedAt)
    }

    /// NewsAPI writes `2026-11-23T08:57:03Z`, sometimes with fractional seconds.
    private static func date(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
