import ServiceKit

/// Why the airline's server gave nothing to show.
enum FlightsFailure: SampleAPIFailureWording, Sendable, Equatable {
    /// No answer: no connection, a timeout, a fault injected on purpose.
    case unreachable(String)
    /// The server refused the request and said why (`{"error", "message"}`).
    case refused(String)
    /// An error status without the server's error body.
    case status(Int)
    /// An answer that is not the airline's JSON.
    case malformed(String)
    /// The request that started the work was cancelled.
    case cancelled
    /// The flight has fewer seats left than the booking needs (409 `soldOut`).
    case soldOut(String)
}
