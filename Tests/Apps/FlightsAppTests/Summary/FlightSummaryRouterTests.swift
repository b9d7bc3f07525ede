import CustomDump
import Testing
import WeatherApp

@testable import FlightsApp

@Suite("The summary's Router: the destination handed to Weather's forecast module")
struct FlightSummaryRouterTests {
    @Test("An airport is the place of its city, named with its country, at its coordinates, with an id no Open-Meteo place has")
    func weatherLocationOfAnAirport() {
        expectNoDifference(
            FlightSummaryRouter.weatherLocation(of: charlesDeGaulle),
            WeatherLocation(id: "airport:CDG", name: "Paris", region: "France", latitude: 49.0128, longitude: 2.55))
    }
}
