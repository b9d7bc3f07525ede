import ServiceKit

/// Why the chat server gave nothing to show.
enum ChatFailure: SampleAPIFailureWording, Sendable, Equatable {
    /// No answer: no connection, a timeout, a dropped long poll, a fault injected on purpose.
    case unreachable(String)
    /// The server refused the request and said why (`{"error", "message"}`).
    case refused(String)
    /// An error status without the server's error body.
    case status(Int)
    /// An answer that is not the chat server's JSON.
    case malformed(String)
    /// The request that started the work was cancelled.
    case cancelled
}
