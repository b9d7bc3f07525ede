import Foundation
import ViperJSON

/// Open-Meteo's geocoding search (`/v1/search`) and forecast (`/v1/forecast`), in their exact
/// shapes, from the bundled places and `SyntheticWeather`.
struct WeatherAPI: Sendable {
    let clock: SampleClock

    static let currentUnits: [String: (metric: String, kind: UnitKind)] = [
        "temperature_2m": ("°C", .temperature), "apparent_temperature": ("°C", .temperature), "weather_code": ("wmo code", .none),
        "wind_speed_10m": ("km/h", .speed), "relative_humidity_2m": ("%", .none), "precipitation": ("mm", .none), "is_day": ("", .none),
    ]
    static let dailyUnits: [String: (metric: String, kind: UnitKind)] = [
        "temperature_2m_max": ("°C", .temperature), "temperature_2m_min": ("°C", .temperature), "weather_code": ("wmo code", .none),
        "precipitation_sum": ("mm", .none), "wind_speed_10m_max": ("km/h", .speed),
    ]

    enum UnitKind: Sendable {
        case temperature, speed, none
    }

    func register(in router: inout SampleRouter) {
        router.add("GET", "/v1/search", style: .openMeteo) { request, _ throws(SampleFailure) in try search(request) }
        router.add("GET", "/v1/forecast", style: .openMeteo) { request, _ throws(SampleFailure) in try forecast(request) }
    }

    private func search(_ request: SampleRequest) throws(SampleFailure) -> SampleResponse {
        guard let name = request.query["name"] else { throw Self.failure("Parameter 'name' is required") }
        let count = try Self.integer(request, "count", default: 10, in: 1...100)
        let wanted = Self.folded(name.trimmingCharacters(in: .whitespaces))
        var body: [String: JSONValue] = ["generationtime_ms": 0.1]
        // Open-Meteo finds nothing for fewer than two characters, and then leaves out `results`.
        guard wanted.count >= 2 else { return SampleResponse(200, .object(body)) }
        let found = SamplePlace.all.filter { Self.folded($0.name).hasPrefix(wanted) }.prefix(count)
        if !found.isEmpty {
            body["results"] = .array(found.map { place in
                [
                    "id": .number(Double(place.id)), "name": .string(place.name), "latitude": .number(place.latitude),
                    "longitude": .number(place.longitude), "elevation": .number(Double(place.elevation)), "feature_code": "PPL",
                    "country_code": .string(place.countryCode), "timezone": .string(place.timezone),
                    "population": .number(Double(place.population)), "country": .string(place.country), "admin1": .string(place.admin1),
                ]
            })
        }
        return SampleResponse(200, .object(body))
    }

    private func forecast(_ request: SampleRequest) throws(SampleFailure) -> SampleResponse {
        let latitude = try Self.coordinate(request, "latitude", limit: 90)
        let longitude = try Self.coordinate(request, "longitude", limit: 180)
        let days = try Self.integer(request, "forecast_days", default: 7, in: 0...16)
        let fahrenheit: Bool
        switch request.query["temperature_unit"] ?? "celsius" {
        case "celsius": fahrenheit = false
        case "fahrenheit": fahrenheit = true
        case let other: throw Self.failure("Cannot initialize TemperatureUnit from invalid String value \(other).")
        }
        let speed: (unit: String, factor: Double)
        switch request.query["wind_speed_unit"] ?? "kmh" {
        case "kmh": speed = ("km/h", 1)
        case "ms": speed = ("m/s", 1 / 3.6)
        case "mph": speed = ("mp/h", 1 / 1.609344)
        case "kn": speed = ("kn", 1 / 1.852)
        case let other: throw Self.failure("Cannot initialize WindSpeedUnit from invalid String value \(other).")
        }
        let nearest = SamplePlace.nearest(latitude: latitude, longitude: longitude)
        let zoneName = request.query["timezone"] ?? "GMT"
        let zone: TimeZone
        if zoneName == "auto" {
            zone = TimeZone(identifier: nearest.timezone) ?? .gmt
        } else if let named = TimeZone(identifier: zoneName) {
            zone = named
        } else {
            throw Self.failure("Invalid timezone")
        }
        let current = try Self.variables(request, "current", known: Self.currentUnits)
        let daily = try Self.variables(request, "daily", known: Self.dailyUnits)

        func converted(_ value: Double, _ kind: UnitKind) -> JSONValue {
            switch kind {
            case .temperature: .number(fahrenheit ? SyntheticWeather.rounded(value * 9 / 5 + 32) : value)
            case .speed: .number(SyntheticWeather.rounded(value * speed.factor))
            case .none: .number(value)
            }
        }
        func unit(_ metric: String, _ kind: UnitKind) -> JSONValue {
            switch kind {
            case .temperature: .string(fahrenheit ? "°F" : "°C")
            case .speed: .string(speed.unit)
            case .none: .string(metric)
            }
        }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let now = clock.now()
        let weather = SyntheticWeather(latitude: latitude, longitude: longitude)
        func dayKey(_ date: Date) -> (String, Int) {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let key = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            return (key, calendar.ordinality(of: .day, in: .year, for: date) ?? 1)
        }
        var body: [String: JSONValue] = [
            "latitude": .number(latitude), "longitude": .number(longitude), "generationtime_ms": 0.1,
            "utc_offset_seconds": .number(Double(zone.secondsFromGMT(for: now))), "timezone": .string(zone.identifier),
            "timezone_abbreviation": .string(zone.abbreviation(for: now) ?? "GMT"), "elevation": .number(Double(nearest.elevation)),
        ]
        if !current.isEmpty {
            let quarter = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 900).rounded(.down) * 900)
            let (key, ordinal) = dayKey(quarter)
            let today = weather.day(key, dayOfYear: ordinal)
            let clockTime = calendar.dateComponents([.hour, .minute], from: quarter)
            let hour = Double(clockTime.hour!) + Double(clockTime.minute!) / 60
            let temperature = SyntheticWeather.temperature(at: hour, of: today)
            let wind = SyntheticWeather.rounded(today.maximumWind * (0.4 + 0.5 * (1 + cos(2 * .pi * (hour - 14) / 24)) / 2))
            var values: [String: JSONValue] = ["time": .string(String(format: "%@T%02d:%02d", key, clockTime.hour!, clockTime.minute!)), "interval": 900]
            var units: [String: JSONValue] = ["time": "iso8601", "interval": "seconds"]
            for name in current {
                let (metric, kind) = Self.currentUnits[name]!
                units[name] = unit(metric, kind)
                switch name {
                case "temperature_2m": values[name] = converted(temperature, kind)
                case "apparent_temperature": values[name] = converted(SyntheticWeather.rounded(temperature - wind / 10), kind)
                case "weather_code": values[name] = .number(Double(today.code))
                case "wind_speed_10m": values[name] = converted(wind, kind)
                case "relative_humidity_2m": values[name] = .number(Double(StableHash.pick(35...95, from: "\(key)|\(latitude)|\(longitude)|h")))
                case "precipitation": values[name] = .number(SyntheticWeather.rounded(today.precipitation / 24))
                default: values[name] = .number(hour >= 7 && hour < 18 ? 1 : 0)
                }
            }
            body["current"] = .object(values)
            body["current_units"] = .object(units)
        }
        if !daily.isEmpty {
            // Calendar days, not 86,400 s steps, which skipped or repeated a day where clocks change.
            let dates = try Self.dailyDays(request, today: calendar.startOfDay(for: now), forecastDays: days, calendar: calendar).map(dayKey)
            let forecast = dates.map { weather.day($0.0, dayOfYear: $0.1) }
            var values: [String: JSONValue] = ["time": .array(dates.map { .string($0.0) })]
            var units: [String: JSONValue] = ["time": "iso8601"]
            for name in daily {
                let (metric, kind) = Self.dailyUnits[name]!
                units[name] = unit(metric, kind)
                values[name] = .array(forecast.map { day in
                    switch name {
                    case "temperature_2m_max": converted(day.high, kind)
                    case "temperature_2m_min": converted(day.low, kind)
                    case "weather_code": .number(Double(day.code))
                    case "precipitation_sum": .number(day.precipitation)
                    default: converted(day.maximumWind, kind)
                    }
                })
            }
            body["daily"] = .object(values)
            body["daily_units"] = .object(units)
        }
        return SampleResponse(200, .object(body))
    }

    /// How far from today `start_date` and `end_date` may reach: Open-Meteo's forecast API
    /// answers 92 days back (its archive of past forecasts) and 16 days ahead.
    static let allowedDays = -92...16

    /// The days of the daily lists, each at its start in `calendar`'s zone: `start_date` through
    /// `end_date`, else `forecastDays` from `today`. As Open-Meteo does, it takes both dates or
    /// neither, refuses a range that runs backwards, and days outside `allowedDays` with the
    /// range it allows.
    private static func dailyDays(_ request: SampleRequest, today: Date, forecastDays: Int, calendar: Calendar) throws(SampleFailure) -> [Date] {
        let first: Date, count: Int
        switch (request.query["start_date"], request.query["end_date"]) {
        case (nil, nil):
            (first, count) = (today, forecastDays)
        case (let start?, let end?):
            first = try day(start, named: "start_date", today: today, calendar: calendar)
            let last = try day(end, named: "end_date", today: today, calendar: calendar)
            count = (calendar.dateComponents([.day], from: first, to: last).day ?? 0) + 1
            guard count >= 1 else { throw failure("End-date must be larger or equals than start-date") }
        default:
            throw failure("Parameter 'start_date' and 'end_date' must be set both, or neither")
        }
        return (0..<count).map { calendar.date(byAdding: .day, value: $0, to: first) ?? first }
    }

    /// The day `text` names (`YYYY-MM-DD`), at its start in `calendar`'s zone, within
    /// `allowedDays` of `today`.
    private static func day(_ text: String, named name: String, today: Date, calendar: Calendar) throws(SampleFailure) -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
            let date = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth)),
            calendar.component(.day, from: date) == dayOfMonth
        else { throw failure("Invalid date format. Make sure to use 'YYYY-MM-DD'") }
        let earliest = calendar.date(byAdding: .day, value: allowedDays.lowerBound, to: today) ?? today
        let latest = calendar.date(byAdding: .day, value: allowedDays.upperBound, to: today) ?? today
        guard date >= earliest, date <= latest else {
            throw failure("Parameter '\(name)' is out of allowed range from \(dayText(earliest, calendar)) to \(dayText(latest, calendar))")
        }
        return date
    }

    private static func dayText(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The comma-separated variables of `name`, in the order asked; 400 for one it does not know.
    private static func variables(_ request: SampleRequest, _ name: String, known: [String: (metric: String, kind: UnitKind)]) throws(SampleFailure) -> [String] {
        guard let list = request.query[name], !list.isEmpty else { return [] }
        let names = list.split(separator: ",").map(String.init)
        for variable in names where known[variable] == nil {
            throw failure("Cannot initialize \(name == "daily" ? "Daily" : "Current")Variable from invalid String value \(variable) for key \(name)")
        }
        return names
    }

    private static func coordinate(_ request: SampleRequest, _ name: String, limit: Double) throws(SampleFailure) -> Double {
        guard let text = request.query[name] else { throw failure("Parameter '\(name)' is required") }
        guard let value = Double(text) else { throw failure("Parameter '\(name)' must be a number, not '\(text)'") }
        guard abs(value) <= limit else {
            throw failure("\(name.prefix(1).uppercased() + name.dropFirst()) must be in range of -\(Int(limit)) to \(Int(limit))°. Given: \(value).")
        }
        return value
    }

    private static func integer(_ request: SampleRequest, _ name: String, default value: Int, in range: ClosedRange<Int>) throws(SampleFailure) -> Int {
        guard let text = request.query[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw failure("Parameter '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// A name as search compares it: without case and accents, so "zurich" finds Zürich.
    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func failure(_ reason: String) -> SampleFailure {
        SampleFailure(400, "badRequest", reason)
    }
}
