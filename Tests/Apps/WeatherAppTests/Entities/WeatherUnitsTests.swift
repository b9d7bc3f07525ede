import Foundation
import Testing

@testable import WeatherApp

/// The units of `locale` (`en_US`, …).
private func units(_ locale: String) -> WeatherUnits {
    WeatherUnits(locale: Locale(identifier: locale))
}

@Suite("Weather units: °F and mph in the US, °C and mph in the UK, °C and km/h elsewhere, in whole units")
struct WeatherUnitsTests {
    @Test(
        "The locale's measurement system picks the units",
        arguments: [
            ("en_US", true, true),
            ("en_GB", false, true),
            ("fr_FR", false, false),
            ("de_DE", false, false),
            ("pt_PT", false, false),
        ] as [(String, Bool, Bool)])
    func unitsOfLocale(locale: String, fahrenheit: Bool, milesPerHour: Bool) {
        let measured = units(locale)
        #expect(measured.fahrenheit == fahrenheit)
        #expect(measured.milesPerHour == milesPerHour)
    }

    @Test(
        "Temperatures are whole degrees of the locale's scale",
        arguments: [
            ("en_GB", 12.3, "12°C"),
            ("fr_FR", 12.3, "12°C"),
            ("en_US", 12.3, "54°F"),
            ("en_US", 100, "212°F"),
            ("en_US", -40, "-40°F"),
            ("fr_FR", -7.8, "-8°C"),
            ("en_US", 37, "99°F"),
        ] as [(String, Double, String)])
    func temperature(locale: String, celsius: Double, text: String) {
        #expect(units(locale).temperature(celsius) == text)
    }

    @Test(
        "Halves are rounded away from zero",
        arguments: [(12.5, "13°C"), (-12.5, "-13°C"), (0.5, "1°C"), (-0.5, "-1°C"), (12.49, "12°C"), (-12.49, "-12°C")] as [(Double, String)])
    func roundingHalfAwayFromZero(celsius: Double, text: String) {
        #expect(units("fr_FR").temperature(celsius) == text)
    }

    @Test(
        "A half reached by converting units is still a half: 31.1 °F is −0.5 °C, whatever the float arithmetic gives",
        arguments: [(31.1, "-1°C"), (32.9, "1°C"), (36.5, "3°C"), (30.2, "-1°C"), (31.2, "0°C")] as [(Double, String)])
    func halvesAfterConverting(fahrenheit: Double, text: String) {
        #expect(units("fr_FR").temperature(MeasurementUnits.Temperature.fahrenheit.celsius(fahrenheit)) == text)
    }

    @Test(
        "A temperature that rounds to zero is never \"-0\"",
        arguments: [
            ("fr_FR", -0.4, "0°C"),
            ("en_GB", -0.2, "0°C"),
            ("fr_FR", -0.0, "0°C"),
            // -17.8 °C is -0.04 °F.
            ("en_US", -17.8, "0°F"),
        ] as [(String, Double, String)])
    func noNegativeZero(locale: String, celsius: Double, text: String) {
        let written = units(locale).temperature(celsius)
        #expect(written == text)
        #expect(!written.hasPrefix("-"))
    }

    @Test("Fahrenheit is converted before rounding: -17.5 °C is 0.5 °F, written 1°F")
    func fahrenheitRoundsAfterConverting() {
        #expect(units("en_US").temperature(-17.5) == "1°F")
    }

    @Test(
        "Wind is in whole km/h, or whole mph in the US and the UK",
        arguments: [
            ("fr_FR", 14.2, "14 km/h"),
            ("de_DE", 31.5, "32 km/h"),
            ("en_US", 14.2, "9 mph"),
            ("en_GB", 14.2, "9 mph"),
            ("en_US", 100, "62 mph"),
            ("fr_FR", 0.4, "0 km/h"),
            ("en_GB", 0.4, "0 mph"),
        ] as [(String, Double, String)])
    func wind(locale: String, kilometresPerHour: Double, text: String) {
        #expect(units(locale).wind(kilometresPerHour) == text)
    }
}
