import Foundation
import ServiceKit
import ViperCore
import ViperJSON

/// The forecast Service over HTTP: Open-Meteo's `GET /v1/forecast`. Units are Open-Meteo's
/// defaults (°C, km/h): the Presenters convert for the session's locale, so an answer never
/// depends on who asked.
struct OpenMeteoForecast: ForecastService {
    let server: OpenMeteoClient

    static let operation = "weather.forecast"
    /// Wider than any temperature measured on Earth (−89 °C to 57 °C): outside it, the answer
    /// is not weather.
    static let plausibleCelsius = -150.0...150.0
    /// Wider than any wind measured (408 km/h).
    static let plausibleWind = 0.0...1_000.0

    func forecast(at location: WeatherLocation, days: Int, timeZone: TimeZone) async throws(WeatherFailure) -> Forecast {
        var query: [(name: String, value: String)] = [
            ("latitude", Self.coordinate(location.latitude)), ("longitude", Self.coordinate(location.longitude)),
            ("current", "temperature_2m,weather_code,wind_speed_10m"),
        ]
        if days > 0 {
            query += [("daily", "weather_code,temperature_2m_max,temperature_2m_min"), ("forecast_days", String(days))]
        }
        // The session's zone rather than `auto`: the days are the session's, from its today.
        query.append(("timezone", timeZone.identifier))
        let body = try await server.get("/v1/forecast", query: query, operation: Self.operation)
        guard let current = body["current"], let temperature = current["temperature_2m"]?.double,
            let code = current["weather_code"]?.integer, let wind = current["wind_speed_10m"]?.double
        else { throw .malformed("no current temperature_2m, weather_code and wind_speed_10m") }
        guard Self.plausibleCelsius.contains(temperature), Self.plausibleWind.contains(wind) else {
            throw .malformed("a current temperature of \(temperature) °C or wind of \(wind) km/h")
        }
        return Forecast(
            current: CurrentConditions(temperature: temperature, code: code, windSpeed: wind),
            days: days > 0 ? try Self.days(body["daily"]) : [])
    }

    /// The daily lists, read together: one `DailyForecast` per day of `time`.
    private static func days(_ daily: JSONValue?) throws(WeatherFailure) -> [DailyForecast] {
        guard case .array(let times)? = daily?["time"], case .array(let highs)? = daily?["temperature_2m_max"],
            case .array(let lows)? = daily?["temperature_2m_min"], case .array(let codes)? = daily?["weather_code"],
            [highs.count, lows.count, codes.count].allSatisfy({ $0 == times.count })
        else { throw .malformed("no daily time, temperature_2m_max, temperature_2m_min and weather_code of one length") }
        return times.indices.compactMap { index in
            // Open-Meteo gives null for a day its models do not reach; such a day is left out,
            // as is one whose temperatures are not weather.
            guard let text = times[index].text, let day = CalendarDay(text), let high = highs[index].double,
                let low = lows[index].double, let code = codes[index].integer, plausibleCelsius.contains(high), plausibleCelsius.contains(low)
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
