import ServiceKit
import ViperJSON

/// The units an Open-Meteo answer says its numbers are in (`current_units`, `daily_units`), read
/// so that every number can be turned into °C and km/h. Open-Meteo writes "°C" or "°F", and
/// "km/h", "m/s", "mp/h" (sic), "kn"; "mph" is read too. An answer without units is in
/// Open-Meteo's defaults.
struct MeasurementUnits: Sendable {
    /// A temperature unit.
    enum Temperature: Sendable {
        case celsius, fahrenheit

        /// `value`, in this unit, in °C.
        func celsius(_ value: Double) -> Double {
            switch self {
            case .celsius: value
            case .fahrenheit: (value - 32) * 5 / 9
            }
        }
    }

    /// A wind speed unit, as its factor to km/h.
    struct Speed: Sendable {
        let kilometresPerHourEach: Double

        /// `value`, in this unit, in km/h.
        func kilometresPerHour(_ value: Double) -> Double {
            value * kilometresPerHourEach
        }
    }

    let currentTemperature: Temperature
    let currentWind: Speed
    let dailyTemperature: Temperature

    /// The units of `current` and `daily` as the answer names them; `malformed` for a unit no
    /// conversion is known for, rather than a number read in the wrong unit.
    init(current: JSONValue?, daily: JSONValue?) throws(WeatherFailure) {
        currentTemperature = try Self.temperature(current?["temperature_2m"], field: "current_units.temperature_2m")
        currentWind = try Self.speed(current?["wind_speed_10m"], field: "current_units.wind_speed_10m")
        let high = try Self.temperature(daily?["temperature_2m_max"], field: "daily_units.temperature_2m_max")
        let low = try Self.temperature(daily?["temperature_2m_min"], field: "daily_units.temperature_2m_min")
        guard high == low else { throw .malformed("daily highs and lows in different units") }
        dailyTemperature = high
    }

    private static func temperature(_ unit: JSONValue?, field: String) throws(WeatherFailure) -> Temperature {
        switch unit?.text {
        case nil, "°C", "celsius": .celsius
        case "°F", "fahrenheit": .fahrenheit
        case let other?: throw .malformed("\(field) in \(other), which has no conversion to °C")
        }
    }

    private static func speed(_ unit: JSONValue?, field: String) throws(WeatherFailure) -> Speed {
        switch unit?.text {
        case nil, "km/h", "kmh": Speed(kilometresPerHourEach: 1)
        case "mp/h", "mph": Speed(kilometresPerHourEach: 1.609344)
        case "m/s", "ms": Speed(kilometresPerHourEach: 3.6)
        case "kn", "kt": Speed(kilometresPerHourEach: 1.852)
        case let other?: throw .malformed("\(field) in \(other), which has no conversion to km/h")
        }
    }
}
