import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// Open-Meteo's forecast at `testForecastBase`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    var service: OpenMeteoForecast { openMeteoForecast(http, faults: faults) }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

private let lisbonZone = "Europe/Lisbon"
private let lisbonWeek = calendarDay("2026-11-23")...calendarDay("2026-11-29")

@Suite("Open-Meteo's forecast: GET /v1/forecast for the session's days and zone, its answer read as a forecast")
struct OpenMeteoForecastTests {
    // MARK: The request

    @Test("A week's forecast is a GET of /v1/forecast with the coordinates, current, daily, the week's first and last day and the session's zone")
    func weekRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        _ = try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(sentEndpoint(of: request) == "https://api.open-meteo.test/v1/forecast")
        expectNoDifference(
            sentQuery(of: request),
            [
                "latitude=38.7167", "longitude=-9.1333", "current=temperature_2m,weather_code,wind_speed_10m",
                "daily=weather_code,temperature_2m_max,temperature_2m_min", "start_date=2026-11-23", "end_date=2026-11-29",
                "timezone=Europe/Lisbon",
            ])
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test("The conditions now alone ask for no days, in the session's zone")
    func currentOnlyRequest() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        _ = try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: "Asia/Tokyo")
        let request = try fixture.request()
        expectNoDifference(
            sentQuery(of: request),
            ["latitude=38.7167", "longitude=-9.1333", "current=temperature_2m,weather_code,wind_speed_10m", "timezone=Asia/Tokyo"])
    }

    @Test(
        "Coordinates are sent rounded to four decimals",
        arguments: [
            (Places.wellington, "latitude=-41.2866", "longitude=174.7756"),
            (Places.reykjavik, "latitude=64.1355", "longitude=-21.8954"),
            (WeatherLocation(id: "1", name: "London", region: "England, United Kingdom", latitude: 51.50853, longitude: -0.12574),
             "latitude=51.5085", "longitude=-0.1257"),
        ] as [(WeatherLocation, String, String)])
    func roundedCoordinates(location: WeatherLocation, latitude: String, longitude: String) async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        _ = try await fixture.service.forecast(at: location, days: nil, timeZone: lisbonZone)
        let request = try fixture.request()
        #expect(Array(sentQuery(of: request).prefix(2)) == [latitude, longitude])
    }

    // MARK: The answer

    @Test("A recorded answer gives the weather now and each day, in Open-Meteo's units")
    func recordedAnswer() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        let forecast = try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        expectNoDifference(forecast, SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29"))
    }

    @Test("An answer in °F and mph, as its units say, is read in °C and km/h")
    func fahrenheitAndMilesPerHour() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"latitude": 43.7, "longitude": -79.4, "timezone": "America/Toronto",
                 "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°F", "weather_code": "wmo code", "wind_speed_10m": "mp/h"},
                 "current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 50.0, "weather_code": 3, "wind_speed_10m": 10.0},
                 "daily_units": {"time": "iso8601", "weather_code": "wmo code", "temperature_2m_max": "°F", "temperature_2m_min": "°F"},
                 "daily": {"time": ["2026-11-23"], "weather_code": [3], "temperature_2m_max": [59.0], "temperature_2m_min": [32.0]}}
                """#)
        let forecast = try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        #expect(forecast.current.temperature == 10)
        #expect(abs(forecast.current.windSpeed - 16.09344) < 1e-9)
        #expect(forecast.days == [DailyForecast(day: calendarDay("2026-11-23"), high: 15, low: 0, code: 3)])
    }

    @Test("Wind in m/s or knots is read in km/h")
    func otherWindUnits() async throws {
        for (unit, kilometresPerHour) in [("m/s", 36.0), ("kn", 18.52), ("km/h", 10.0)] {
            let fixture = Fixture()
            fixture.http.willRespond(
                200,
                json: #"{"current_units": {"temperature_2m": "°C", "wind_speed_10m": "\#(unit)"}, "current": {"temperature_2m": 12.0, "weather_code": 1, "wind_speed_10m": 10.0}}"#)
            let forecast = try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: lisbonZone)
            #expect(abs(forecast.current.windSpeed - kilometresPerHour) < 1e-9, "\(unit)")
        }
    }

    @Test("A unit with no known conversion could not be read, rather than be read as °C")
    func unknownUnit() async {
        let fixture = Fixture()
        fixture.http.willRespond(
            200, json: #"{"current_units": {"temperature_2m": "K"}, "current": {"temperature_2m": 285.0, "weather_code": 1, "wind_speed_10m": 10.0}}"#)
        await #expect(throws: WeatherFailure.malformed("current_units.temperature_2m in K, which has no conversion to °C")) {
            try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: lisbonZone)
        }
    }

    @Test("An answer for the conditions now alone has no days")
    func currentOnlyAnswer() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        let forecast = try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: lisbonZone)
        #expect(forecast == Forecast(current: SampleWeather.lisbonNow, days: []))
    }

    @Test("A day with null in any of its lists is left out, the others kept in order")
    func nullDaysDropped() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: OpenMeteoBodies.lisbonAnswer(
                daily: #"""
                    {
                      "time": ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"],
                      "weather_code": [2, 61, null, 3, 1, null, null],
                      "temperature_2m_max": [15.4, null, 14.5, 13.9, 15.2, null, null],
                      "temperature_2m_min": [9.6, 10.1, 8.2, 7.4, 8.8, null, null]
                    }
                    """#))
        let forecast = try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        expectNoDifference(
            forecast.days,
            [
                DailyForecast(day: calendarDay("2026-11-23"), high: 15.4, low: 9.6, code: 2),
                DailyForecast(day: calendarDay("2026-11-26"), high: 13.9, low: 7.4, code: 3),
                DailyForecast(day: calendarDay("2026-11-27"), high: 15.2, low: 8.8, code: 1),
            ])
        #expect(forecast.current == SampleWeather.lisbonNow)
    }

    @Test("A day whose date cannot be read is left out")
    func unreadableDayDropped() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: OpenMeteoBodies.lisbonAnswer(
                daily: #"""
                    {"time": ["2026-11-23", "2026-11-31", null], "weather_code": [2, 61, 63],
                     "temperature_2m_max": [15.4, 16.0, 14.5], "temperature_2m_min": [9.6, 10.1, 8.2]}
                    """#))
        let forecast = try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        #expect(forecast.days == [DailyForecast(day: calendarDay("2026-11-23"), high: 15.4, low: 9.6, code: 2)])
    }

    @Test(
        "Daily lists of different lengths, or missing, could not be read",
        arguments: [
            #"{"time": ["2026-11-23", "2026-11-24"], "weather_code": [2, 61], "temperature_2m_max": [15.4, 16.0], "temperature_2m_min": [9.6]}"#,
            #"{"time": ["2026-11-23"], "weather_code": [2, 61], "temperature_2m_max": [15.4], "temperature_2m_min": [9.6]}"#,
            #"{"time": ["2026-11-23"], "weather_code": [2], "temperature_2m_max": [15.4]}"#,
            #"{"time": "2026-11-23", "weather_code": [2], "temperature_2m_max": [15.4], "temperature_2m_min": [9.6]}"#,
            "null",
        ])
    func mismatchedDaily(daily: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonAnswer(daily: daily))
        await #expect(throws: WeatherFailure.malformed("no daily time, temperature_2m_max, temperature_2m_min and weather_code of one length")) {
            try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        }
    }

    @Test("A week asked for without daily lists in the answer could not be read")
    func weekWithoutDaily() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        await #expect(throws: WeatherFailure.malformed("no daily time, temperature_2m_max, temperature_2m_min and weather_code of one length")) {
            try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        }
    }

    @Test(
        "An answer without the current temperature, code and wind could not be read",
        arguments: [
            #"{"latitude": 38.71, "longitude": -9.140625, "timezone": "Europe/Lisbon"}"#,
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 12.3, "weather_code": 2}}"#,
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": null, "weather_code": 2, "wind_speed_10m": 14.2}}"#,
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 12.3, "weather_code": 2.5, "wind_speed_10m": 14.2}}"#,
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": "12.3", "weather_code": 2, "wind_speed_10m": 14.2}}"#,
        ])
    func noCurrent(json: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: json)
        await #expect(throws: WeatherFailure.malformed("no current temperature_2m, weather_code and wind_speed_10m")) {
            try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: lisbonZone)
        }
    }

    @Test(
        "Weather no place on Earth has is not weather: the answer could not be read",
        arguments: [
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 1e300, "weather_code": 2, "wind_speed_10m": 14.2}}"#,
            #"{"current": {"time": "2026-11-23T09:00", "interval": 900, "temperature_2m": 12.3, "weather_code": 2, "wind_speed_10m": -4}}"#,
        ])
    func implausibleCurrent(json: String) async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: json)
        await #expect {
            try await fixture.service.forecast(at: Places.lisbon, days: nil, timeZone: lisbonZone)
        } throws: { error in
            guard case .malformed(let reason) = error as? WeatherFailure else { return false }
            return reason.hasPrefix("a current temperature of")
        }
    }

    @Test("A point just west of Greenwich that rounds to zero is sent as 0.0, not -0.0")
    func negativeZeroLongitude() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        let greenwich = WeatherLocation(id: "1", name: "Greenwich", region: "England, United Kingdom", latitude: 51.47783, longitude: -0.00001)
        _ = try await fixture.service.forecast(at: greenwich, days: nil, timeZone: lisbonZone)
        #expect(Array(sentQuery(of: try fixture.request()).prefix(2)) == ["latitude=51.4778", "longitude=0.0"])
    }

    // MARK: Failures

    @Test("Open-Meteo's error body with its 400 is a refusal with its reason")
    func refused() async {
        let fixture = Fixture()
        fixture.http.willRespond(400, json: OpenMeteoBodies.latitudeOutOfRange)
        await #expect(throws: WeatherFailure.refused("Latitude must be in range of -90 to 90°. Given: 91.0.")) {
            try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        }
    }

    @Test("No answer at all is unreachable, with the HTTP port's reason")
    func unreachable() async {
        let fixture = Fixture()
        fixture.http.willFail("connection refused")
        await #expect(throws: WeatherFailure.unreachable("connection refused")) {
            try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        }
    }

    @Test("A fault injected for weather.forecast is unreachable with the injected text, sends nothing, and fires once")
    func injectedFault() async throws {
        let fixture = Fixture()
        fixture.faults.arm("weather.forecast", message: "boom")
        await #expect(throws: WeatherFailure.unreachable("boom")) {
            try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
        }
        #expect(fixture.http.requests.isEmpty)
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        #expect(try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone).days.count == 7)
        #expect(fixture.http.requests.count == 1)
    }

    @Test("A fault injected for the search leaves the forecast alone")
    func faultForSearch() async throws {
        let fixture = Fixture()
        fixture.faults.arm("weather.search", message: "boom")
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        #expect(try await fixture.service.forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone).current == SampleWeather.lisbonNow)
    }
}
