import Foundation

/// How a journal names an HTTP request, to find its answer when the session is replayed: the
/// method, the URL's path and query, and the body. Headers are left out (a replay asks with the
/// same ones), and so are the scheme and the host: the processes of one deployment may reach a
/// service at addresses of their own, as each reaches the sample server it runs inside.
enum HTTPRequestKey {
    static func of(_ request: HTTPRequest) -> String {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = components.map { $0.percentEncodedPath + ($0.percentEncodedQuery.map { "?" + $0 } ?? "") } ?? request.url.absoluteString
        var key = request.method + " " + path
        if let body = request.body, !body.isEmpty { key += "\n" + body.base64EncodedString() }
        return key
    }
}
