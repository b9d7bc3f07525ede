import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

private let lisbonZone = "Europe/Lisbon"
private let lisbonWeek = calendarDay("2026-11-23")...calendarDay("2026-11-29")

/// The forecast for Lisbon's week, from a server answering with `respond`.
private func forecast(answering respond: (StubHTTPClient) -> Void) async throws(WeatherFailure) -> Forecast {
    let http = StubHTTPClient()
    respond(http)
    return try await openMeteoForecast(http).forecast(at: Places.lisbon, days: lisbonWeek, timeZone: lisbonZone)
}

/// The places found for "Lisbon", from a server answering with `respond`.
private func search(answering respond: (StubHTTPClient) -> Void) async throws(WeatherFailure) -> [WeatherLocation] {
    let http = StubHTTPClient()
    respond(http)
    return try await openMeteoGeocoding(http).search("Lisbon", language: "en")
}

@Suite("Open-Meteo's answers as weather failures: its error body, error statuses, answers that are not its JSON")
struct OpenMeteoClientTests {
    @Test("Open-Meteo's error body is a refusal with its reason, from either server")
    func errorBody() async {
        await #expect(throws: WeatherFailure.refused("Latitude must be in range of -90 to 90°. Given: 91.0.")) {
            try await forecast { $0.willRespond(400, json: OpenMeteoBodies.latitudeOutOfRange) }
        }
        await #expect(throws: WeatherFailure.refused("Parameter count must be between 1 and 100.")) {
            try await search { $0.willRespond(400, json: #"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#) }
        }
    }

    @Test("Open-Meteo's error body without a reason is a refusal that says so")
    func errorBodyWithoutReason() async {
        await #expect(throws: WeatherFailure.refused("no reason given")) {
            try await forecast { $0.willRespond(400, json: #"{"error":true}"#) }
        }
    }

    @Test("An error status with JSON that is not Open-Meteo's error body is an error status")
    func jsonErrorStatus() async {
        await #expect(throws: WeatherFailure.status(503)) {
            try await forecast { $0.willRespond(503, json: #"{"error":"unavailable"}"#) }
        }
        await #expect(throws: WeatherFailure.status(429)) {
            try await search { $0.willRespond(429, json: #"{"error":false,"reason":"Too many requests"}"#) }
        }
    }

    @Test("An HTML page with an error status is an error status")
    func htmlErrorStatus() async {
        await #expect(throws: WeatherFailure.status(502)) {
            try await forecast { $0.willRespond(502, html: "<html><body><h1>502 Bad Gateway</h1></body></html>") }
        }
    }

    @Test("An HTML page with a 200 could not be read")
    func htmlWith200() async {
        await #expect(throws: WeatherFailure.malformed("the body (text/html) is not JSON")) {
            try await forecast { $0.willRespond(200, html: "<html><body>Welcome to the captive portal</body></html>") }
        }
    }

    @Test("JSON with a 200 that is not an object could not be read", arguments: ["[]", #"[{"id":2267057,"name":"Lisbon"}]"#])
    func notAnObject(json: String) async {
        await #expect(throws: WeatherFailure.malformed("the answer is not a JSON object")) {
            try await search { $0.willRespond(200, json: json) }
        }
    }

    @Test("No answer at all is unreachable; a cancelled request is cancelled")
    func noAnswer() async {
        await #expect(throws: WeatherFailure.unreachable("connection refused")) {
            try await forecast { $0.willFail("connection refused") }
        }
        await #expect(throws: WeatherFailure.cancelled) {
            try await forecast { $0.willCancel() }
        }
    }
}
