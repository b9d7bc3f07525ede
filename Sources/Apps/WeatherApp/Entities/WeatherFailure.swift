import ServiceKit

/// Why a search or a forecast gave nothing to show.
enum WeatherFailure: ServiceFailureWording, Sendable, Equatable {
    /// No answer: no connection, a timeout, a fault injected on purpose.
    case unreachable(String)
    /// Open-Meteo's own error (`{"error": true, "reason": …}`), such as a bad parameter.
    case refused(String)
    /// An error status without Open-Meteo's error body.
    case status(Int)
    /// An answer that is not Open-Meteo's JSON.
    case malformed(String)
    /// The request that started the work was cancelled, or a newer search replaced it.
    case cancelled
    /// The saved places could not be read or written.
    case storage(String)
}
