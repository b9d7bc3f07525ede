/// The place search Service: it knows Open-Meteo's geocoding URL and shape.
protocol PlaceSearchService: Sendable {
    /// Places whose name starts with `name`, named in `language` where the server can.
    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation]
}
