import Foundation
import AppTestSupport
import ServiceKit
import Testing
import ViperCore
import ViperJSON
import ViperStore

@testable import WeatherApp

/// A session of an engine hosting the Weather app on a database in memory, its Open-Meteo
/// servers a stubbed HTTP port; each request's messages come back parsed.
private struct WeatherSession {
    let http = StubHTTPClient()
    let output = LineCollector()
    let session: Session

    init() throws {
        let database = try weatherDatabase()
        let port = http
        let engine = Engine(
            EngineConfiguration(
                apps: [
                    AppFactory(WeatherApp.self) { environment in
                        WeatherApp(
                            store: Store(database), forecast: .fixed(testForecastBase), geocoding: .fixed(testGeocodingBase),
                            client: ServiceClient(http: port, faults: environment.faults))
                    }
                ], logger: .discarding, httpClient: port))
        session = engine.makeSession(output: output)
    }

    /// Sends the request `method` with `id` and `params`, and returns the messages it caused,
    /// its response last.
    func send(_ id: Int, _ method: String, _ params: String) async throws -> [JSONValue] {
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8))
        var messages: [JSONValue] = []
        for line in output.drain() {
            messages.append(try JSONParser.parse(Array(line.utf8)))
        }
        return messages
    }

    /// Initializes the session at 09:00 UTC on Monday 23 November 2026 in `locale` (none:
    /// the default) and `timeZone`, starts the app, opens the search, and returns its scene.
    func openSearch(locale: String?, timeZone: String = "UTC") async throws -> (list: String, add: String) {
        let localeMember = locale.map { #","locale":"\#($0)""# } ?? ""
        _ = try await send(1, "initialize", #"{"now":"2026-11-23T09:00:00Z","timeZone":"\#(timeZone)"\#(localeMember)}"#)
        let started = try await send(2, "app.start", #"{"app":"weather"}"#)
        let list = try #require(sceneName(of: "weather.list", in: started))
        let opened = try await send(3, "view.event", #"{"scene":"\#(list)","event":"addTapped"}"#)
        let add = try #require(sceneName(of: "weather.add", in: opened))
        return (list, add)
    }
}

/// The text `value` holds, when it is a string.
private func text(_ value: JSONValue?) -> String? {
    if case .string(let text)? = value { text } else { nil }
}

/// The name of the scene of `kind` that `messages` render.
private func sceneName(of kind: String, in messages: [JSONValue]) -> String? {
    messages.filter { text($0["method"]) == "view.render" && text($0["params"]?["kind"]) == kind }.compactMap { text($0["params"]?["scene"]) }.first
}

/// The view models `messages` render for the scene of `kind`, in order.
private func viewModels(of kind: String, in messages: [JSONValue]) -> [JSONValue] {
    messages.filter { text($0["method"]) == "view.render" && text($0["params"]?["kind"]) == kind }.compactMap { $0["params"]?["viewModel"] }
}

@Suite("The Weather app in a session: the search in the session's language, the list's weather in its time zone")
struct WeatherAppSessionTests {
    @Test(
        "The search asks for names in the language of the session's locale",
        arguments: [("fr_FR", "fr"), ("de_DE", "de"), ("pt_BR", "pt"), ("en_GB", "en"), (nil, "en")] as [(String?, String)])
    func searchLanguage(locale: String?, language: String) async throws {
        let weather = try WeatherSession()
        let (_, add) = try await weather.openSearch(locale: locale)
        weather.http.willRespond(200, json: OpenMeteoBodies.noResults)
        _ = try await weather.send(4, "view.event", #"{"scene":"\#(add)","event":"queryChanged","data":{"query":"Lisb"}}"#)
        let requests = weather.http.requests
        #expect(requests.map(sentEndpoint) == ["https://geocoding-api.open-meteo.test/v1/search"])
        #expect(requests.map(sentQuery) == [["name=Lisb", "count=10", "language=\(language)", "format=json"]])
    }

    @Test("A place found and tapped is saved; the search leaves, and the list shows it, then its weather in the session's zone")
    func addPlace() async throws {
        let weather = try WeatherSession()
        let (list, add) = try await weather.openSearch(locale: "fr_FR", timeZone: "Europe/Lisbon")
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        let found = try await weather.send(4, "view.event", #"{"scene":"\#(add)","event":"queryChanged","data":{"query":"Lisb"}}"#)
        let results: JSONValue = [
            ["resultId": "2267057", "name": "Lisbon", "detail": "Lisbon, Portugal"],
            ["resultId": "5160783", "name": "Lisbon", "detail": "Ohio, United States"],
        ]
        #expect(viewModels(of: "weather.add", in: found).last?["results"] == results)

        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        let saved = try await weather.send(5, "view.event", #"{"scene":"\#(add)","event":"resultTapped","data":{"resultId":"2267057"}}"#)
        #expect(saved.contains { text($0["method"]) == "view.navigate" && text($0["params"]?["action"]) == "dismiss" && text($0["params"]?["scene"]) == add })
        let regionRow: JSONValue = [["locationId": "2267057", "name": "Lisbon", "detail": "Lisbon, Portugal"]]
        let weatherRow: JSONValue = [["locationId": "2267057", "name": "Lisbon", "detail": "12°C, Partly cloudy"]]
        let listed = viewModels(of: "weather.list", in: saved).compactMap { $0["locations"] }
        #expect(listed == [regionRow, weatherRow] as [JSONValue])
        #expect(sceneName(of: "weather.list", in: saved) == list)

        let requests = weather.http.requests
        #expect(requests.count == 2)
        let forecast = try #require(requests.last)
        #expect(sentEndpoint(of: forecast) == "https://api.open-meteo.test/v1/forecast")
        #expect(
            sentQuery(of: forecast) == [
                "latitude=38.7167", "longitude=-9.1333", "current=temperature_2m,weather_code,wind_speed_10m", "timezone=Europe/Lisbon",
            ])
    }

    @Test("A UTC session asks for its weather in UTC, as it named its zone (Foundation on Linux calls that zone GMT)")
    func utcByName() async throws {
        let weather = try WeatherSession()
        let (_, add) = try await weather.openSearch(locale: nil, timeZone: "UTC")
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        _ = try await weather.send(4, "view.event", #"{"scene":"\#(add)","event":"queryChanged","data":{"query":"Lisb"}}"#)
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        _ = try await weather.send(5, "view.event", #"{"scene":"\#(add)","event":"resultTapped","data":{"resultId":"2267057"}}"#)
        let forecast = try #require(weather.http.requests.last)
        #expect(sentQuery(of: forecast).last == "timezone=UTC")
    }

    @Test("A place's forecast asks for the seven days from the session's today, whatever day the server thinks it is")
    func forecastForTheSessionsWeek() async throws {
        let weather = try WeatherSession()
        let (list, add) = try await weather.openSearch(locale: "en_GB", timeZone: "Europe/Lisbon")
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        _ = try await weather.send(4, "view.event", #"{"scene":"\#(add)","event":"queryChanged","data":{"query":"Lisb"}}"#)
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonNow)
        _ = try await weather.send(5, "view.event", #"{"scene":"\#(add)","event":"resultTapped","data":{"resultId":"2267057"}}"#)
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        _ = try await weather.send(6, "view.event", #"{"scene":"\#(list)","event":"locationTapped","data":{"locationId":"2267057"}}"#)
        let query = sentQuery(of: try #require(weather.http.requests.last))
        #expect(query.contains("start_date=2026-11-23") && query.contains("end_date=2026-11-29"), "\(query)")
        #expect(!query.contains { $0.hasPrefix("forecast_days=") })

        // The clock moved on a day: the week moves with it.
        weather.http.willRespond(200, json: OpenMeteoBodies.lisbonForecast)
        _ = try await weather.send(7, "clock.set", #"{"now":"2026-11-24T09:00:00Z"}"#)
        let moved = sentQuery(of: try #require(weather.http.requests.last))
        #expect(moved.contains("start_date=2026-11-24") && moved.contains("end_date=2026-11-30"), "\(moved)")
    }
}
