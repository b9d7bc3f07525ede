import ViperCore

@testable import WeatherApp

/// Weather as Open-Meteo answers it, in its default units (°C, km/h).
enum SampleWeather {
    /// 12.3 °C, partly cloudy, wind 14.2 km/h: what `OpenMeteoBodies.lisbonForecast` says now.
    static let lisbonNow = CurrentConditions(temperature: 12.3, code: 2, windSpeed: 14.2)
    /// Just below freezing, light snow.
    static let reykjavikNow = CurrentConditions(temperature: -0.4, code: 71, windSpeed: 31.0)
    /// Light rain.
    static let wellingtonNow = CurrentConditions(temperature: 16.8, code: 61, windSpeed: 40.2)

    /// Lisbon's days from Saturday 21 to Monday 30 November 2026; 23 to 29 are those of
    /// `OpenMeteoBodies.lisbonForecast`.
    static let allLisbonDays: [DailyForecast] = [
        DailyForecast(day: calendarDay("2026-11-21"), high: 14.1, low: 8.9, code: 3),
        DailyForecast(day: calendarDay("2026-11-22"), high: 14.8, low: 9.3, code: 45),
        DailyForecast(day: calendarDay("2026-11-23"), high: 15.4, low: 9.6, code: 2),
        DailyForecast(day: calendarDay("2026-11-24"), high: 16.0, low: 10.1, code: 61),
        DailyForecast(day: calendarDay("2026-11-25"), high: 14.5, low: 8.2, code: 63),
        DailyForecast(day: calendarDay("2026-11-26"), high: 13.9, low: 7.4, code: 3),
        DailyForecast(day: calendarDay("2026-11-27"), high: 15.2, low: 8.8, code: 1),
        DailyForecast(day: calendarDay("2026-11-28"), high: 17.1, low: 10.5, code: 0),
        DailyForecast(day: calendarDay("2026-11-29"), high: 16.6, low: 11.0, code: 80),
        DailyForecast(day: calendarDay("2026-11-30"), high: 15.9, low: 10.2, code: 51),
    ]

    /// Lisbon's days from `first` through `last` (`YYYY-MM-DD`), both included.
    static func lisbonDays(from first: String, through last: String) -> [DailyForecast] {
        allLisbonDays.filter { $0.day >= calendarDay(first) && $0.day <= calendarDay(last) }
    }

    /// Lisbon's forecast now, with its days from `first` through `last`.
    static func lisbonForecast(from first: String = "2026-11-23", through last: String = "2026-11-29") -> Forecast {
        Forecast(current: lisbonNow, days: lisbonDays(from: first, through: last))
    }
}
