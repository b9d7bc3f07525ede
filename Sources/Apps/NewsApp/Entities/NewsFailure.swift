/// Why the headlines could not be loaded.
enum NewsFailure: Error, Sendable, Equatable {
    /// No answer: no connection, a timeout, a fault injected on purpose.
    case unreachable(String)
    /// NewsAPI's own error (`{"status": "error", "code", "message"}`), such as a wrong key.
    case refused(code: String, message: String)
    /// An error status without NewsAPI's error body.
    case status(Int)
    /// An answer that is not NewsAPI's JSON.
    case malformed(String)
    /// The request that started the load was cancelled.
    case cancelled

    /// What the list says, naming the cause.
    var message: String {
        switch self {
        case .unreachable(let reason): "The news server could not be reached (\(reason))."
        case .refused(let code, let message): "The news service refused the request (\(code)): \(message)"
        case .status(let status): "The news server answered with an error (HTTP \(status))."
        case .malformed(let reason): "The news server's answer could not be read (\(reason))."
        case .cancelled: "Loading was cancelled."
        }
    }
}
