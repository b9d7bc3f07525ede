import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// Open-Meteo's geocoding at `testGeocodingBase`, over a stubbed HTTP port, with a fault injector.
private struct Fixture {
    let http = StubHTTPClient()
    let faults = FaultInjector()

    var service: OpenMeteoGeocoding { openMeteoGeocoding(http, faults: faults) }

    /// The one request sent.
    func request() throws -> HTTPRequest {
        let requests = http.requests
        #expect(requests.count == 1)
        return try #require(requests.first)
    }
}

@Suite("Open-Meteo's geocoding: GET /v1/search by name, its results read as places")
struct OpenMeteoGeocodingTests {
    // MARK: The request

    @Test("A search is a GET of /v1/search with the name, 10 results, the language and JSON")
    func request() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        _ = try await fixture.service.search("Lisbon", language: "pt")
        let request = try fixture.request()
        #expect(request.method == "GET")
        #expect(sentEndpoint(of: request) == "https://geocoding-api.open-meteo.test/v1/search")
        expectNoDifference(sentQuery(of: request), ["name=Lisbon", "count=10", "language=pt", "format=json"])
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.body == nil)
    }

    @Test("A name with spaces, accents and signs reaches the server as it was typed")
    func nameEncoded() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.noResults)
        _ = try await fixture.service.search("São Paulo & co+", language: "en")
        let request = try fixture.request()
        #expect(sentQuery(of: request) == ["name=São Paulo & co+", "count=10", "language=en", "format=json"])
    }

    // MARK: The answer

    @Test("A recorded answer gives its places in order, each with \"Region, Country\"")
    func recordedAnswer() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        let places = try await fixture.service.search("Lisbon", language: "en")
        expectNoDifference(places, [Places.lisbon, Places.lisbonOhio])
    }

    @Test("An answer without results, as Open-Meteo gives when nothing matches, is no places")
    func noResults() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: OpenMeteoBodies.noResults)
        #expect(try await fixture.service.search("Xyzzyville", language: "en") == [])
    }

    @Test("A region named as its country is named once; a place without a region is named by its country alone, and one with neither by its coordinates")
    func regionWording() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"results":[
                  {"id":1880252,"name":"Singapore","latitude":1.28967,"longitude":103.85007,"elevation":15.0,"feature_code":"PPLC","country_code":"SG","admin1_id":1880251,"timezone":"Asia/Singapore","population":3547809,"country_id":1880251,"country":"Singapore","admin1":"Singapore"},
                  {"id":6691831,"name":"Vatican City","latitude":41.90268,"longitude":12.45414,"elevation":52.0,"feature_code":"PPLC","country_code":"VA","timezone":"Europe/Vatican","population":829,"country_id":3164670,"country":"Vatican"},
                  {"id":7777777,"name":"Empty Region","latitude":1.5,"longitude":2.5,"country":"Portugal","admin1":""},
                  {"id":8888888,"name":"Nowhere Island","latitude":-1.5,"longitude":-2.5}
                ],"generationtime_ms":0.6}
                """#)
        let places = try await fixture.service.search("S", language: "en")
        expectNoDifference(
            places,
            [
                WeatherLocation(id: "1880252", name: "Singapore", region: "Singapore", latitude: 1.28967, longitude: 103.85007),
                WeatherLocation(id: "6691831", name: "Vatican City", region: "Vatican", latitude: 41.90268, longitude: 12.45414),
                WeatherLocation(id: "7777777", name: "Empty Region", region: "Portugal", latitude: 1.5, longitude: 2.5),
                WeatherLocation(id: "8888888", name: "Nowhere Island", region: "-1.50, -2.50", latitude: -1.5, longitude: -2.5),
            ])
    }

    @Test("Places without an id, a name or coordinates are left out")
    func incompletePlacesSkipped() async throws {
        let fixture = Fixture()
        fixture.http.willRespond(
            200,
            json: #"""
                {"results":[
                  {"name":"No Id","latitude":1.0,"longitude":2.0,"country":"Portugal"},
                  {"id":1,"latitude":1.0,"longitude":2.0,"country":"Portugal"},
                  {"id":2,"name":"No Latitude","longitude":2.0,"country":"Portugal"},
                  {"id":3,"name":"No Longitude","latitude":1.0,"country":"Portugal"},
                  {"id":"4","name":"Text Id","latitude":1.0,"longitude":2.0,"country":"Portugal"},
                  {"id":2267057,"name":"Lisbon","latitude":38.71667,"longitude":-9.13333,"country":"Portugal","admin1":"Lisbon"},
                  "Porto"
                ],"generationtime_ms":0.6}
                """#)
        #expect(try await fixture.service.search("Lisbon", language: "en") == [Places.lisbon])
    }

    @Test("Results that are not a list could not be read")
    func resultsNotAList() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, json: #"{"results":{"id":2267057},"generationtime_ms":0.6}"#)
        await #expect(throws: WeatherFailure.malformed("results is not a list")) {
            try await fixture.service.search("Lisbon", language: "en")
        }
    }

    // MARK: Failures

    @Test("Open-Meteo's error body with its 400 is a refusal with its reason")
    func refused() async {
        let fixture = Fixture()
        fixture.http.willRespond(400, json: #"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#)
        await #expect(throws: WeatherFailure.refused("Parameter count must be between 1 and 100.")) {
            try await fixture.service.search("Lisbon", language: "en")
        }
    }

    @Test("A page that is not JSON could not be read")
    func notJSON() async {
        let fixture = Fixture()
        fixture.http.willRespond(200, html: "<html><body>Welcome to the captive portal</body></html>")
        await #expect(throws: WeatherFailure.malformed("the body (text/html) is not JSON")) {
            try await fixture.service.search("Lisbon", language: "en")
        }
    }

    @Test("No answer at all is unreachable, with the HTTP port's reason")
    func unreachable() async {
        let fixture = Fixture()
        fixture.http.willFail("The Internet connection appears to be offline.")
        await #expect(throws: WeatherFailure.unreachable("The Internet connection appears to be offline.")) {
            try await fixture.service.search("Lisbon", language: "en")
        }
    }

    @Test("A search the port cancels is cancelled")
    func cancelled() async {
        let fixture = Fixture()
        fixture.http.willCancel()
        await #expect(throws: WeatherFailure.cancelled) {
            try await fixture.service.search("Lisbon", language: "en")
        }
    }

    @Test("A fault injected for weather.search is unreachable with the injected text, sends nothing, and fires once")
    func injectedFault() async throws {
        let fixture = Fixture()
        #expect(WeatherApp.faultOperations == ["weather.search", "weather.forecast"])
        fixture.faults.arm("weather.search", message: "boom")
        await #expect(throws: WeatherFailure.unreachable("boom")) {
            try await fixture.service.search("Lisbon", language: "en")
        }
        #expect(fixture.http.requests.isEmpty)
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        #expect(try await fixture.service.search("Lisbon", language: "en") == [Places.lisbon, Places.lisbonOhio])
        #expect(fixture.http.requests.count == 1)
    }

    @Test("A fault injected for the forecast leaves the search alone")
    func faultForForecast() async throws {
        let fixture = Fixture()
        fixture.faults.arm("weather.forecast", message: "boom")
        fixture.http.willRespond(200, json: OpenMeteoBodies.lisbonSearch)
        #expect(try await fixture.service.search("Lisbon", language: "en").count == 2)
    }
}
