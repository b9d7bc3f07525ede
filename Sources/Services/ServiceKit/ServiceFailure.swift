/// Why a Service call gave no usable answer: what Interactors turn into the story's failure and
/// Presenters into a message. Never a protocol error: a server's trouble is the app's business.
public enum ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: no connection, a timeout, a closed connection, a fault injected on purpose.
    case unreachable(String)
    /// An answer with an error status; `code` and `message` are what the body said, when it
    /// said anything readable.
    case status(Int, code: String?, message: String?)
    /// An answer that is not what the API promises: not JSON, or JSON of another shape.
    case malformed(String)
    /// The request that needed the answer was cancelled (`$/cancelRequest`).
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let reason):
            "the server could not be reached (\(reason))"
        case .status(let status, let code, let message):
            "the server answered \(status)\(code.map { " \($0)" } ?? "")\(message.map { ": \($0)" } ?? "")"
        case .malformed(let reason):
            "the server's answer could not be read (\(reason))"
        case .cancelled:
            "the request was cancelled"
        }
    }
}
