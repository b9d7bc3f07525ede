/// The engine's HTTP port: how Services reach servers. The engine gives modules and apps one:
/// URLSession by default, or the client's own when it asked to perform HTTP itself
/// (`capabilities.effects: ["http"]`, answered through `effect.http`). Tests give a double.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, whatever its status. Throws `HTTPFailure` when
    /// no response came, and `CancellationError` when the calling task was cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
