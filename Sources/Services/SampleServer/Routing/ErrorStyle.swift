/// How an API writes its errors: the sample server's own APIs one way, the news and weather
/// APIs as the real providers whose shapes they copy (NewsAPI, Open-Meteo).
enum ErrorStyle: Sendable {
    /// `{"error": code, "message", …}`.
    case viper
    /// `{"status": "error", "code", "message"}`.
    case newsAPI
    /// `{"error": true, "reason"}`.
    case openMeteo
}
