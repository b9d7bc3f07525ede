import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The forecast Service over HTTP: Open-Meteo's `GET /v1/forecast`. It asks for Open-Meteo's
/// default units (°C, km/h) and reads the units the answer names (°F and mph from a server set
/// up otherwise, or a proxy that asks for them), so the Presenters always get °C and km/h and
/// convert for the session's locale: an answer never depends on who asked.
struct OpenMeteoForecast: ForecastService {
    let server: OpenMeteoClient

    static let operation = "weather.forecast"
    /// Wider than any temperature measured on Earth (−89 °C to 57 °C): outside it, the answer
    /// is not weather.
    static let plausibleCelsius = -150.0...150.0
    /// Wider than any wind measured (408 km/h).
    static let plausibleWind = 0.0...1_000.0

    func forecast(at location: WeatherLocation, days: ClosedRange<CalendarDay>?, timeZone: String) async throws(WeatherFailure) -> Forecast {
        var query: [(name: String, value: String)] = [
            ("latitude", Self.coordinate(location.latitude)), ("longitude", Self.coordinate(location.longitude)),
            ("current", "temperature_2m,weather_code,wind_speed_10m"),
        ]
        if let days {
            // The days themselves rather than `forecast_days`, which counts from the server's
            // today: a session whose clock is fixed on another day still gets its own week.
            query += [
                ("daily", "weather_code,temperature_2m_max,temperature_2m_min"),
                ("start_date", days.lowerBound.description), ("end_date", days.upperBound.description),
            ]
        }
        // The session's zone rather than `auto`: the days are the session's, from its today.
        query.append(("timezone", timeZone))
        let body = try await server.get("/v1/forecast", query: query, operation: Self.operation)
        let units = try MeasurementUnits(current: body["current_units"], daily: body["daily_units"])
        guard let current = body["current"], let reportedTemperature = current["temperature_2m"]?.double,
            let code = current["weather_code"]?.integer, let reportedWind = current["wind_speed_10m"]?.double
        else { throw .malformed("no current temperature_2m, weather_code and wind_speed_10m") }
        let temperature = units.currentTemperature.celsius(reportedTemperature)
        let wind = units.currentWind.kilometresPerHour(reportedWind)
        guard Self.plausibleCelsius.contains(temperature), Self.plausibleWind.contains(wind) else {
            throw .malformed("a current temperature of \(temperature) °C or wind of \(wind) km/h")
        }
        return Forecast(
            current: CurrentConditions(temperature: temperature, code: code, windSpeed: wind),
            days: days == nil ? [] : try Self.days(body["daily"], in: units.dailyTemperature))
    }

    /// The daily lists, read together: one `DailyForecast` per day of `time`.
    private static func days(_ daily: JSONValue?, in unit: MeasurementUnits.Temperature) throws(WeatherFailure) -> [DailyForecast] {
        guard case .array(let times)? = daily?["time"], case .array(let highs)? = daily?["temperature_2m_max"],
            case .array(let lows)? = daily?["temperature_2m_min"], case .array(let codes)? = daily?["weather_code"],
            [highs.count, lows.count, codes.count].allSatisfy({ $0 == times.count })
        else { throw .malformed("no daily time, temperature_2m_max, temperature_2m_min and weather_code of one length") }
        return times.indices.compactMap { index in
            // Open-Meteo gives null for a day its models do not reach; such a day is left out,
            // as is one whose temperatures are not weather.
            guard let text = times[index].text, let day = CalendarDay(text), let high = highs[index].double.map(unit.celsius),
                let low = lows[index].double.map(unit.celsius), let code = codes[index].integer, plausibleCelsius.contains(high),
                plausibleCelsius.contains(low)
            else { return nil }
            return DailyForecast(day: day, high: high, low: low, code: code)
        }
    }

    /// Degrees to four decimals (about 10 m), as Open-Meteo's own examples write them.
    private static func coordinate(_ degrees: Double) -> String {
        // Adding 0 turns -0.0, which a point just west of Greenwich rounds to, into 0.0.
        String((degrees * 10_000).rounded() / 10_000 + 0)
    }
}
