import ServiceKit

/// Why the headlines could not be loaded.
enum NewsFailure: ServiceFailureWording, Sendable, Equatable {
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
}
