import Foundation
import Testing
import WebSocketTestClient

/// The Weather stories (protocol.md section 15), over the wire: the built `viper serve`
/// searching places and forecasts on a `viper sample-server` on 127.0.0.1, which answers in
/// Open-Meteo's shapes.
@Suite("Weather over the wire, against a sample server", .serialized)
struct WeatherStoriesTests {
    static let now = "2026-11-23T09:00:00Z"

    private func viewModel(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: line)) as? [String: Any])
    }

    private func locations(_ line: String) throws -> [[String: String]] {
        try #require(try viewModel(line)["locations"] as? [[String: String]])
    }

    /// Searches for `query` in the presented search `scene`, taps the result named `name`, and
    /// returns its id and what the list rendered after.
    private func add(_ name: String, query: String, in scene: String, engine: ServeProcess, ids: inout Int) throws -> (id: String, list: [String]) {
        ids += 1
        let presented = try engine.call(Wire.event(ids, "weather.list#1", "addTapped"))
        #expect(presented.first == Wire.navigate("present", scene, from: "weather.list#1"))
        ids += 1
        let searched = try engine.call(Wire.event(ids, scene, "queryChanged", #"{"query":"\#(query)"}"#))
        try #require(searched.count == 3, "\(searched)")
        #expect(try viewModel(searched[0])["isSearching"] as? Bool == true)
        let results = try #require(try viewModel(searched[1])["results"] as? [[String: String]])
        let found = try #require(results.first { $0["name"] == name }, "\(results)")
        let id = try #require(found["resultId"])
        ids += 1
        let saved = try engine.call(Wire.event(ids, scene, "resultTapped", #"{"resultId":"\#(id)"}"#))
        #expect(saved.first == Wire.navigate("dismiss", scene, from: "weather.list#1"))
        return (id, saved)
    }

    @Test("Two cities added, one opened and left, one removed; the places survive a restart, and a lost server is a message")
    func savedPlaces() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess(now: Self.now)
            defer { _ = try? server.stop() }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let database = directory.path + "/viper.sqlite"
            let urls = ["--weather-url", server.url, "--geocoding-url", server.url]

            let engine = try ServeProcess(serving: ["--db", database] + urls)
            _ = try engine.call(Wire.initialize(1, now: Self.now, timeZone: "Europe/London", locale: "en_GB"))
            let started = try engine.call(Wire.request(2, "app.start", #"{"app":"weather"}"#))
            #expect(started == [
                Wire.navigate("root", "weather.list#1"), Wire.render("weather.list#1", #"{"errorMessage":null,"locations":[]}"#),
                Wire.result(2, #"{"scene":"weather.list#1"}"#),
            ])
            var ids = 2
            let lisbon = try add("Lisbon", query: "Lisb", in: "weather.add#1", engine: engine, ids: &ids)
            // At once with where it is, then with the weather now.
            #expect(try locations(lisbon.list[1]) == [["locationId": lisbon.id, "name": "Lisbon", "detail": "Lisbon, Portugal"]])
            let lisbonNow = try #require(try locations(lisbon.list[2]).first?["detail"])
            #expect(lisbonNow.range(of: #"^-?[0-9]+°C, [A-Z]"#, options: .regularExpression) != nil, "\(lisbonNow)")

            let berlin = try add("Berlin", query: "Berlin", in: "weather.add#2", engine: engine, ids: &ids)
            let both = try locations(#require(berlin.list.dropLast().last))
            #expect(both.map { $0["name"] } == ["Lisbon", "Berlin"])

            // The same place again is not saved twice.
            let again = try add("Lisbon", query: "Lisbon", in: "weather.add#3", engine: engine, ids: &ids)
            #expect(try locations(#require(again.list.dropLast().last)).map { $0["name"] } == ["Lisbon", "Berlin"])

            ids += 1
            let opened = try engine.call(Wire.event(ids, "weather.list#1", "locationTapped", #"{"locationId":"\#(lisbon.id)"}"#))
            #expect(opened.first == Wire.navigate("push", "weather.detail#1", from: "weather.list#1"))
            try #require(opened.count == 4, "\(opened)")
            #expect(try viewModel(opened[1])["state"] as? String == "loading")
            let detail = try viewModel(opened[2])
            #expect(detail["state"] as? String == "loaded")
            #expect(detail["name"] as? String == "Lisbon")
            let days = try #require(detail["days"] as? [[String: String]])
            #expect(days.map { $0["day"] } == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
            #expect(days.first?["weekday"] == "Monday")
            let current = try #require(detail["current"] as? [String: String])
            #expect(current["wind"]?.hasSuffix(" mph") == true, "British units: \(current)")

            // Back: the list is on top again and reloads.
            ids += 1
            let back = try engine.call(Wire.request(ids, "view.back", #"{"scene":"weather.detail#1"}"#))
            #expect(back.first == Wire.navigate("pop", "weather.detail#1", from: "weather.list#1"))
            #expect(back.count == 4, "\(back)")

            ids += 1
            let removed = try engine.call(Wire.event(ids, "weather.list#1", "removeTapped", #"{"locationId":"\#(lisbon.id)"}"#))
            #expect(try locations(removed[0]).map { $0["name"] } == ["Berlin"])
            #expect(try engine.finish().status == 0)

            // A new engine on the same file, in New York: Berlin is still saved, in °F.
            let american = try ServeProcess(serving: ["--db", database] + urls)
            _ = try american.call(Wire.initialize(1, now: Self.now, timeZone: "America/New_York", locale: "en_US"))
            let restarted = try american.call(Wire.request(2, "app.start", #"{"app":"weather"}"#))
            try #require(restarted.count == 4, "\(restarted)")
            let fahrenheit = try #require(try locations(restarted[2]).first?["detail"])
            #expect(fahrenheit.range(of: #"^-?[0-9]+°F, "#, options: .regularExpression) != nil, "\(fahrenheit)")
            #expect(try american.finish().status == 0)

            // The server is gone: the list keeps "Region, Country" and says why.
            _ = try server.stop()
            let stranded = try ServeProcess(serving: ["--db", database] + urls)
            _ = try stranded.call(Wire.initialize(1, now: Self.now, locale: "en_GB"))
            let failed = try stranded.call(Wire.request(2, "app.start", #"{"app":"weather"}"#))
            try #require(failed.count == 4, "\(failed)")
            let last = try viewModel(failed[2])
            #expect(try locations(failed[2]) == [["locationId": berlin.id, "name": "Berlin", "detail": "Berlin, Germany"]])
            #expect((last["errorMessage"] as? String)?.hasPrefix("The weather server could not be reached") == true, "\(last)")
            #expect(try stranded.finish().status == 0)
        }
    }
}
