import Testing

@testable import WeatherApp

@Suite("Weather conditions: the words for each WMO code Open-Meteo documents")
struct WeatherConditionsTests {
    @Test(
        "Each code of Open-Meteo's table has its words",
        arguments: [
            (0, "Clear sky"), (1, "Mainly clear"), (2, "Partly cloudy"), (3, "Overcast"),
            (45, "Fog"), (48, "Fog"),
            (51, "Drizzle"), (53, "Drizzle"), (55, "Drizzle"), (56, "Freezing drizzle"), (57, "Freezing drizzle"),
            (61, "Light rain"), (63, "Rain"), (65, "Heavy rain"), (66, "Freezing rain"), (67, "Freezing rain"),
            (71, "Light snow"), (73, "Snow"), (75, "Heavy snow"), (77, "Snow grains"),
            (80, "Rain showers"), (81, "Rain showers"), (82, "Violent rain showers"), (85, "Snow showers"), (86, "Snow showers"),
            (95, "Thunderstorm"), (96, "Thunderstorm with hail"), (99, "Thunderstorm with hail"),
        ] as [(Int, String)])
    func knownCode(code: Int, text: String) {
        #expect(WeatherConditions.text(code: code) == text)
    }

    @Test("A code outside the table is named as unknown, with its number", arguments: [4, 10, 50, 62, 100, -1])
    func unknownCode(code: Int) {
        #expect(WeatherConditions.text(code: code) == "Unknown conditions (code \(code))")
    }
}
