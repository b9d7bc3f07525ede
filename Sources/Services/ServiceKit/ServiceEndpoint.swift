public import Foundation

/// Where a Service sends its requests: a base URL that an option gave (`--api-url`), or one
/// found when the first request needs it (the sample server the engine starts in its process).
///
/// Paths are appended to the base URL's own path, so a base of `https://example.com/news`
/// serves `/v2/top-headlines` at `https://example.com/news/v2/top-headlines`.
public struct ServiceEndpoint: Sendable {
    private let resolve: @Sendable () async throws -> URL
    /// Headers every request to the endpoint carries (the key of a server that answers only its
    /// own engine).
    public let headers: [String: String]

    /// An endpoint at `url`.
    public static func fixed(_ url: URL) -> ServiceEndpoint {
        ServiceEndpoint { url }
    }

    /// An endpoint whose base URL `resolve` finds, when a request first needs it; what it
    /// throws reaches the Service as "unreachable".
    /// Every request carries `headers`.
    public init(headers: [String: String] = [:], resolving resolve: @escaping @Sendable () async throws -> URL) {
        self.resolve = resolve
        self.headers = headers
    }

    /// The URL of `path` (`/v1/users`, percent-encoded where it must be: `ServiceEndpoint.segment`)
    /// with `query`, in the order given.
    public func url(_ path: String, query: [(name: String, value: String)] = []) async throws(ServiceFailure) -> URL {
        let base: URL
        do {
            base = try await resolve()
        } catch {
            throw .unreachable("\(error)")
        }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .unreachable("\(base) is not a URL a request can go to")
        }
        let basePath = components.percentEncodedPath
        components.percentEncodedPath = (basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath) + path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
            // URLComponents leaves '+' as it is, and servers read it as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url else { throw .unreachable("no URL can be made of \(base) and \(path)") }
        return url
    }

    /// `value` as one segment of a path: everything but letters, digits and `-._~` encoded, `/`
    /// included, so an id can never reach another path.
    public static func segment(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
