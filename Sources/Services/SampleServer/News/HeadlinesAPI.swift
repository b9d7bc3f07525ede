import Foundation
import ViperJSON

/// NewsAPI's `/v2/top-headlines`, in its exact shape, from the bundled articles.
///
/// As NewsAPI does: one of `country`, `category`, `sources` or `q` is required; `pageSize` is
/// 1–100 (default 20), `page` from 1; the key comes as `apiKey` or `X-Api-Key`, and is required
/// only when the server was started with `--require-api-key` (any non-empty key is accepted).
/// The articles are in American English, so only `country=us` (or no country) finds any.
struct HeadlinesAPI: Sendable {
    let clock: SampleClock
    let requiresAPIKey: Bool

    static let categories = ["business", "entertainment", "general", "health", "science", "sports", "technology"]

    func register(in router: inout SampleRouter) {
        router.add("GET", "/v2/top-headlines", style: .newsAPI) { request, _ throws(SampleFailure) in try headlines(request) }
    }

    private func headlines(_ request: SampleRequest) throws(SampleFailure) -> SampleResponse {
        let key = request.query["apiKey"] ?? request.headers["x-api-key"]
        if requiresAPIKey {
            guard let key else {
                throw SampleFailure(401, "apiKeyMissing", "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header.")
            }
            guard !key.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw SampleFailure(401, "apiKeyInvalid", "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.")
            }
        }
        let country = request.query["country"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let category = request.query["category"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let phrase = request.query["q"].flatMap { $0.isEmpty ? nil : $0 }
        guard country != nil || category != nil || phrase != nil || request.query["sources"] != nil else {
            throw SampleFailure(400, "parametersMissing", "Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category.")
        }
        if let category, !Self.categories.contains(category) {
            throw SampleFailure(400, "parameterInvalid", "The category parameter must be one of: \(Self.categories.joined(separator: ", ")).")
        }
        let pageSize = try integerParameter(request, "pageSize", default: 20, in: 1...100)
        let page = try integerParameter(request, "page", default: 1, in: 1...Int.max)
        let matching = SampleArticle.all.filter { article in
            (country == nil || country == "us")
                && (category == nil || article.category == category)
                && (phrase.map { article.title.localizedCaseInsensitiveContains($0) || (article.description?.localizedCaseInsensitiveContains($0) ?? false) } ?? true)
        }
        let now = clock.now()
        let start = (page - 1).multipliedReportingOverflow(by: pageSize)
        let shown = start.overflow || start.partialValue >= matching.count ? [] : matching[start.partialValue..<min(matching.count, start.partialValue + pageSize)]
        let articles: [JSONValue] = shown.map { article in
            [
                "source": ["id": article.sourceID.map(JSONValue.string) ?? .null, "name": .string(article.sourceName)],
                "author": article.author.map(JSONValue.string) ?? .null,
                "title": .string(article.title),
                "description": article.description.map(JSONValue.string) ?? .null,
                "url": .string(article.url),
                "urlToImage": .null,
                "publishedAt": .string(Timestamp.string(now.addingTimeInterval(Double(-60 * article.minutesAgo)))),
                "content": .string(article.content),
            ]
        }
        return SampleResponse(200, ["status": "ok", "totalResults": .number(Double(matching.count)), "articles": .array(articles)])
    }

    private func integerParameter(_ request: SampleRequest, _ name: String, default value: Int, in range: ClosedRange<Int>) throws(SampleFailure) -> Int {
        guard let text = request.query[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            throw SampleFailure(400, "parameterInvalid", "The \(name) parameter must be a whole number \(bound), not '\(text)'.")
        }
        return number
    }
}
