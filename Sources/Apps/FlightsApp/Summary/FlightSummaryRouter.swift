import ViperCore
import WeatherApp

/// Leaves the summary in each of its ways, and opens Weather's forecast for the destination
/// through Weather's public Builder protocol: Flights knows nothing else of Weather.
struct FlightSummaryRouter: FlightSummaryRouting {
    let navigator: Navigator
    let weather: any WeatherDetailBuilder

    func showSoldOut(_ message: String) async {
        await navigator.present(AlertBuilder(), with: Alert(title: "Sold out", message: message))
    }

    func backToFlights() async {
        await navigator.pop()
    }

    func finish() async {
        await navigator.popToRoot()
    }

    func showWeather(at airport: Airport) async {
        await push(weather, with: Self.weatherLocation(of: airport))
    }

    /// Where the weather of `airport` is: its city, named with its country, at its coordinates.
    static func weatherLocation(of airport: Airport) -> WeatherLocation {
        WeatherLocation(
            id: "airport:\(airport.code)", name: airport.city, region: airport.country, latitude: airport.latitude, longitude: airport.longitude)
    }

    /// Opens the existential Builder: `Navigator.push` needs its concrete type.
    private func push<Builder: WeatherDetailBuilder>(_ builder: Builder, with location: WeatherLocation) async {
        await navigator.push(builder, with: location)
    }
}
