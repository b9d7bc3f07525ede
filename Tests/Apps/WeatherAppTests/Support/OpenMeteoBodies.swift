/// Answers in the shapes Open-Meteo's APIs give them, members in the order the servers write
/// them.
enum OpenMeteoBodies {
    /// `GET /v1/search?name=Lisbon&count=10&language=en&format=json`: the capital, then a town in
    /// Ohio with the extra members US places have (`admin2`, `postcodes`).
    static let lisbonSearch = #"""
        {
          "results": [
            {
              "id": 2267057,
              "name": "Lisbon",
              "latitude": 38.71667,
              "longitude": -9.13333,
              "elevation": 45.0,
              "feature_code": "PPLC",
              "country_code": "PT",
              "admin1_id": 2267056,
              "timezone": "Europe/Lisbon",
              "population": 517802,
              "country_id": 2264397,
              "country": "Portugal",
              "admin1": "Lisbon"
            },
            {
              "id": 5160783,
              "name": "Lisbon",
              "latitude": 40.77228,
              "longitude": -80.76815,
              "elevation": 328.0,
              "feature_code": "PPL",
              "country_code": "US",
              "admin1_id": 5165418,
              "admin2_id": 4146923,
              "timezone": "America/New_York",
              "population": 2597,
              "postcodes": ["44432"],
              "country_id": 6252001,
              "country": "United States",
              "admin1": "Ohio",
              "admin2": "Columbiana"
            }
          ],
          "generationtime_ms": 0.9
        }
        """#

    /// A search that matches nothing: Open-Meteo leaves `results` out.
    static let noResults = #"{"generationtime_ms":0.38504601}"#

    /// `GET /v1/forecast` for Lisbon with `current`, `daily` and `forecast_days=7`, at 09:00 on
    /// Monday 23 November 2026: partly cloudy at 12.3 °C now, then the days 23 to 29.
    static let lisbonForecast = #"""
        {
          "latitude": 38.71,
          "longitude": -9.140625,
          "generationtime_ms": 0.0590085983276367,
          "utc_offset_seconds": 0,
          "timezone": "Europe/Lisbon",
          "timezone_abbreviation": "GMT",
          "elevation": 45.0,
          "current_units": {
            "time": "iso8601",
            "interval": "seconds",
            "temperature_2m": "°C",
            "weather_code": "wmo code",
            "wind_speed_10m": "km/h"
          },
          "current": {
            "time": "2026-11-23T09:00",
            "interval": 900,
            "temperature_2m": 12.3,
            "weather_code": 2,
            "wind_speed_10m": 14.2
          },
          "daily_units": {
            "time": "iso8601",
            "weather_code": "wmo code",
            "temperature_2m_max": "°C",
            "temperature_2m_min": "°C"
          },
          "daily": {
            "time": ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"],
            "weather_code": [2, 61, 63, 3, 1, 0, 80],
            "temperature_2m_max": [15.4, 16.0, 14.5, 13.9, 15.2, 17.1, 16.6],
            "temperature_2m_min": [9.6, 10.1, 8.2, 7.4, 8.8, 10.5, 11.0]
          }
        }
        """#

    /// `GET /v1/forecast` for Lisbon with `current` only, as the list asks for it.
    static let lisbonNow = #"""
        {
          "latitude": 38.71,
          "longitude": -9.140625,
          "generationtime_ms": 0.0269412994384766,
          "utc_offset_seconds": 0,
          "timezone": "Europe/Lisbon",
          "timezone_abbreviation": "GMT",
          "elevation": 45.0,
          "current_units": {
            "time": "iso8601",
            "interval": "seconds",
            "temperature_2m": "°C",
            "weather_code": "wmo code",
            "wind_speed_10m": "km/h"
          },
          "current": {
            "time": "2026-11-23T09:00",
            "interval": 900,
            "temperature_2m": 12.3,
            "weather_code": 2,
            "wind_speed_10m": 14.2
          }
        }
        """#

    /// A forecast whose `daily` is `daily`, the rest as in `lisbonNow`.
    static func lisbonAnswer(daily: String) -> String {
        #"""
        {
          "latitude": 38.71,
          "longitude": -9.140625,
          "generationtime_ms": 0.06,
          "utc_offset_seconds": 0,
          "timezone": "Europe/Lisbon",
          "timezone_abbreviation": "GMT",
          "elevation": 45.0,
          "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "weather_code": "wmo code", "wind_speed_10m": "km/h"},
          "current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 12.3, "weather_code": 2, "wind_speed_10m": 14.2},
          "daily_units": {"time": "iso8601", "weather_code": "wmo code", "temperature_2m_max": "°C", "temperature_2m_min": "°C"},
          "daily": \#(daily)
        }
        """#
    }

    /// Open-Meteo's answer to a bad parameter, with its 400.
    static let latitudeOutOfRange = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 91.0."}"#
}
