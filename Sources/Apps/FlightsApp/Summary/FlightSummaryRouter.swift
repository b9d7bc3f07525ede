import ViperCore
import WeatherApp

/// Leaves the summary in each of its ways, and opens Weather's forecast for the destination
/// through Weather's public Builder: Flights knows nothing else of Weather.
struct FlightSummaryRouter: FlightSummaryRouting {
    let navigator: Navigator
    let weather: WeatherDetailBuilder

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
        await navigator.push(weather, with: Self.weatherLocation(of: airport))
    }

    /// Where the weather of `airport` is: its city, named with its country, at its coordinates.
    static func weatherLocation(of airport: Airport) -> WeatherLocation {
        WeatherLocation(
            id: "airport:\(airport.code)", name: airport.city, region: airport.country, latitude: airport.latitude, longitude: airport.longitude)
    }
}
