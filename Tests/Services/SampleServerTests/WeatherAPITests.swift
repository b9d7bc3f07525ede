import Testing
import ViperJSON

@testable import SampleServer

@Suite("The weather APIs: Open-Meteo's search and forecast, in their shapes")
struct WeatherAPITests {
    @Test("The bundled places are real and many")
    func places() {
        #expect(SamplePlace.all.count >= 200)
        #expect(Set(SamplePlace.all.map(\.id)).count == SamplePlace.all.count)
    }

    @Test("Search finds places by the start of their name, ignoring case and accents, most populous first")
    func search() async throws {
        let api = try SampleAPIHarness()
        let paris = await api.get("/v1/search", ["name": "paris", "count": "5"])
        guard case .array(let results)? = paris.body["results"] else {
            Issue.record("no results in \(paris.body)")
            return
        }
        #expect(results.first?["country_code"] == "FR")
        #expect(results.contains { $0["country_code"] == "US" })
        let zurich = await api.get("/v1/search", ["name": "zurich"])
        #expect(zurich.body["results"]?.arrayFirst?["name"] == "Zürich")
    }

    @Test("Nothing found, or fewer than two characters: no results key, as Open-Meteo does")
    func noResults() async throws {
        let api = try SampleAPIHarness()
        #expect(await api.get("/v1/search", ["name": "qqqq"]).body["results"] == nil)
        #expect(await api.get("/v1/search", ["name": "p"]).body["results"] == nil)
        #expect(await api.get("/v1/search", [:]).status == 400)
    }

    @Test("A forecast has the current conditions and seven days in the place's time zone")
    func forecast() async throws {
        let api = try SampleAPIHarness()
        let query = [
            "latitude": "48.85", "longitude": "2.35", "timezone": "auto",
            "current": "temperature_2m,weather_code,wind_speed_10m", "daily": "weather_code,temperature_2m_max,temperature_2m_min",
        ]
        let response = await api.get("/v1/forecast", query)
        #expect(response.status == 200)
        #expect(response.body["timezone"] == "Europe/Paris")
        #expect(response.body["current"]?["time"] == "2026-11-23T10:00")
        #expect(response.body["current_units"]?["temperature_2m"] == "°C")
        guard case .array(let days)? = response.body["daily"]?["time"], case .array(let highs)? = response.body["daily"]?["temperature_2m_max"],
            case .array(let lows)? = response.body["daily"]?["temperature_2m_min"]
        else {
            Issue.record("no daily in \(response.body)")
            return
        }
        #expect(days.first == "2026-11-23" && days.count == 7)
        for (high, low) in zip(highs, lows) {
            guard case .number(let h) = high, case .number(let l) = low else { continue }
            #expect(h > l)
        }
        #expect(await api.get("/v1/forecast", query).body == response.body, "deterministic")
        let fahrenheit = await api.get("/v1/forecast", query.merging(["temperature_unit": "fahrenheit"]) { $1 })
        #expect(fahrenheit.body["current_units"]?["temperature_2m"] == "°F")
    }

    @Test("start_date and end_date choose the days, as Open-Meteo's do, up to 16 days ahead and 92 back")
    func chosenDays() async throws {
        let api = try SampleAPIHarness()
        let query = ["latitude": "38.72", "longitude": "-9.14", "timezone": "UTC", "daily": "weather_code,temperature_2m_max,temperature_2m_min"]
        let week = await api.get("/v1/forecast", query.merging(["start_date": "2026-11-21", "end_date": "2026-11-27"]) { $1 })
        #expect(week.status == 200)
        #expect(week.body["daily"]?["time"] == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
        let fromToday = await api.get("/v1/forecast", query)
        guard case .array(let todays)? = fromToday.body["daily"]?["temperature_2m_max"], case .array(let chosen)? = week.body["daily"]?["temperature_2m_max"] else {
            Issue.record("no daily highs in \(fromToday.body) or \(week.body)")
            return
        }
        #expect(Array(chosen[2...]) == Array(todays.prefix(5)), "a day's weather does not depend on the day it is asked for")
        let single = await api.get("/v1/forecast", query.merging(["start_date": "2026-12-09", "end_date": "2026-12-09"]) { $1 })
        #expect(single.body["daily"]?["time"] == ["2026-12-09"])

        let refusals: [([String: String], String)] = [
            (["start_date": "2026-12-10", "end_date": "2026-12-10"], "Parameter 'start_date' is out of allowed range from 2026-08-23 to 2026-12-09"),
            (["start_date": "2026-11-23", "end_date": "2026-12-10"], "Parameter 'end_date' is out of allowed range from 2026-08-23 to 2026-12-09"),
            (["start_date": "2026-11-25", "end_date": "2026-11-24"], "End-date must be larger or equals than start-date"),
            (["start_date": "2026-11-23"], "Parameter 'start_date' and 'end_date' must be set both, or neither"),
            (["start_date": "23.11.2026", "end_date": "2026-11-24"], "Invalid date format. Make sure to use 'YYYY-MM-DD'"),
            (["start_date": "2026-02-30", "end_date": "2026-03-01"], "Invalid date format. Make sure to use 'YYYY-MM-DD'"),
        ]
        for (dates, reason) in refusals {
            let refused = await api.get("/v1/forecast", query.merging(dates) { $1 })
            #expect(refused.status == 400)
            #expect(refused.body["reason"] == .string(reason), "\(dates)")
        }
    }

    @Test(
        "Bad forecast parameters are 400 with Open-Meteo's error body",
        arguments: [
            ["longitude": "2"],
            ["latitude": "91", "longitude": "2"],
            ["latitude": "north", "longitude": "2"],
            ["latitude": "1", "longitude": "2", "current": "temperature_9m"],
            ["latitude": "1", "longitude": "2", "timezone": "Mars/Olympus"],
        ])
    func badForecast(query: [String: String]) async throws {
        let response = await (try SampleAPIHarness()).get("/v1/forecast", query)
        #expect(response.status == 400)
        #expect(response.body["error"] == true)
        #expect(response.body["reason"] != nil)
    }
}

extension JSONValue {
    /// The first element, when this is an array.
    var arrayFirst: JSONValue? {
        if case .array(let elements) = self { elements.first } else { nil }
    }
}
