import Foundation
import ViperJSON

/// Finds the API that answers a request: by method and path, with `{name}` segments captured.
/// An unknown path gets 404, a known path with another method 405, an oversized body 413, and
/// a handler that throws `SampleFailure` the error it names, each in the style of its API.
package struct SampleRouter: Sendable {
    /// The most a request's body may hold: every body the APIs take is a few hundred bytes.
    package static let maximumBodyBytes = 64 * 1024

    package typealias Handler = @Sendable (SampleRequest, _ parameters: [String: String]) async throws(SampleFailure) -> SampleResponse

    struct Route: Sendable {
        let method: String
        let segments: [Substring]
        let style: ErrorStyle
        let handler: Handler
    }

    private(set) var routes: [Route] = []

    /// Answers `method` on `pattern` (`/v1/users/{id}`) with `handler`; its errors are written in
    /// `style`.
    mutating func add(_ method: String, _ pattern: String, style: ErrorStyle = .viper, _ handler: @escaping Handler) {
        routes.append(Route(method: method, segments: pattern.split(separator: "/"), style: style, handler: handler))
    }

    package func respond(to request: SampleRequest) async -> SampleResponse {
        let segments = request.path.split(separator: "/")
        let matching = routes.compactMap { route in Self.parameters(of: segments, for: route).map { (route, $0) } }
        guard let first = matching.first else {
            return SampleFailure(404, "notFound", "Nothing is at \(request.path). GET / lists the endpoints.").response(in: .viper)
        }
        guard let (route, parameters) = matching.first(where: { $0.0.method == request.method }) else {
            let allowed = matching.map(\.0.method).joined(separator: ", ")
            var response = SampleFailure(405, "methodNotAllowed", "\(request.path) takes \(allowed), not \(request.method).").response(in: first.0.style)
            response.headers["Allow"] = allowed
            return response
        }
        if request.isBodyTooLarge {
            return SampleFailure(413, "payloadTooLarge", "The body is longer than \(Self.maximumBodyBytes) bytes.").response(in: route.style)
        }
        do {
            return try await route.handler(request, parameters)
        } catch {
            return error.response(in: route.style)
        }
    }

    private static func parameters(of segments: [Substring], for route: Route) -> [String: String]? {
        guard segments.count == route.segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, pattern) in zip(segments, route.segments) {
            if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                parameters[String(pattern.dropFirst().dropLast())] = String(segment).removingPercentEncoding ?? String(segment)
            } else if segment != pattern {
                return nil
            }
        }
        return parameters
    }
}
