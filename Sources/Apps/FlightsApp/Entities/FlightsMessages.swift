/// What the flights scenes say about a failure, naming its cause, in words the user reads.
enum FlightsMessages {
    static func text(_ failure: FlightsFailure) -> String {
        switch failure {
        case .unreachable(let reason): "The airline's server could not be reached (\(reason))."
        case .refused(let message): "The airline refused the request: \(message)"
        case .status(let status): "The airline's server answered with an error (HTTP \(status))."
        case .malformed(let reason): "The airline's answer could not be read (\(reason))."
        case .cancelled: "Cancelled before the airline answered."
        case .soldOut(let message): message
        }
    }
}
