import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ViperApps

/// Performs an HTTP request the engine hands over, with the platform's own `URLSession`.
func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let url = URL(string: request.url) else { throw StoryFailure(description: "the engine asked for '\(request.url)'") }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body.map { Data($0.utf8) }
    let (body, response) = try await URLSession.shared.data(for: urlRequest)
    guard let http = response as? HTTPURLResponse else { throw StoryFailure(description: "not an HTTP response") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
    return HTTPResponse(status: http.statusCode, headers: headers, body: String(decoding: body, as: UTF8.self))
}

/// The headlines, with the front end performing the app's HTTP itself, then an article, then a
/// refusal the engine explains.
func readTheNews(_ session: ViperSession) async throws -> String {
    let fetched = Heard()
    session.onHTTP { request in
        fetched.append("\(request.method) \(URL(string: request.url)?.path ?? request.url)")
        return try await perform(request)
    }
    let terms = try await session.initialize(InitializeParams(now: try instant("2026-11-23T09:00:00Z"), effects: ["http"]))
    try check(terms.capabilities.effects == ["http"], "the engine leaves HTTP to this front end")

    let list = try await session.start(Apps.news)
    guard let first = session.viewModel(list)?.articles.first else { throw StoryFailure(description: "the headlines came: \(String(describing: session.viewModel(list)))") }
    try check(!fetched.all.isEmpty, "the headlines came through this front end")

    try await session.send(list, .articleTapped(id: first.id))
    guard let detail = session.find(NewsDetail.self), let article = session.viewModel(detail) else { throw StoryFailure(description: "the article opens") }
    try check(article.title == first.title, "the article is the one tapped")

    do {
        try await session.back(list)
        throw StoryFailure(description: "going back from a covered scene is refused")
    } catch let refusal as ViperError {
        try check(refusal.kind == "notTopScene" && refusal.data?["scene"]?.string == list.id, "the refusal says why: \(refusal)")
    }
    try await session.back(detail)
    try check(session.top == AnySceneRef(list), "the back gesture leaves the article")

    // A refresh whose answer does not come, cancelled by the user: the engine gives up its HTTP too.
    let (asked, inFlight) = AsyncStream.makeStream(of: Void.self)
    let (givenUp, gaveUp) = AsyncStream.makeStream(of: String.self)
    session.onHTTP { _ in
        inFlight.yield()
        do {
            try await Task.sleep(nanoseconds: 60_000_000_000)
            gaveUp.yield("answered after a minute")
        } catch {
            gaveUp.yield("given up")
        }
        throw StoryFailure(description: "no longer needed")
    }
    let refresh = Task { try await session.send(list, .refreshTapped) }
    for await _ in asked { break }
    refresh.cancel()
    let outcome: String
    do {
        try await refresh.value
        outcome = "answered"
    } catch let refusal as ViperError {
        outcome = refusal.kind
    }
    var effect = "not asked"
    for await ending in givenUp {
        effect = ending
        break
    }
    try check(outcome == "cancelled" && effect == "given up", "the refresh was cancelled (\(outcome)), and its request \(effect)")
    return "news: \"\(article.title)\" (\(article.source), \(article.publishedAt)), fetched with \(fetched.all.joined(separator: ", ")); a refresh cancelled"
}
