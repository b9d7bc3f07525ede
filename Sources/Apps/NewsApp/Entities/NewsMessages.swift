/// What the list says about a failure, naming its cause, in words the user reads.
enum NewsMessages {
    static func text(_ failure: NewsFailure) -> String {
        switch failure {
        case .unreachable(let reason): "The news server could not be reached (\(reason))."
        case .refused(let code, let message): "The news service refused the request (\(code)): \(message)"
        case .status(let status): "The news server answered with an error (HTTP \(status))."
        case .malformed(let reason): "The news server's answer could not be read (\(reason))."
        case .cancelled: "Loading was cancelled."
        }
    }
}
