/// What the weather scenes say about a failure, naming its cause, in words the user reads.
enum WeatherMessages {
    static func text(_ failure: WeatherFailure) -> String {
        switch failure {
        case .unreachable(let reason): "The weather server could not be reached (\(reason))."
        case .refused(let reason): "The weather service refused the request: \(reason)"
        case .status(let status): "The weather server answered with an error (HTTP \(status))."
        case .malformed(let reason): "The weather server's answer could not be read (\(reason))."
        case .cancelled: "Cancelled before the weather server answered."
        case .storage(let reason): "Your saved places could not be read or changed (\(reason))."
        }
    }
}
