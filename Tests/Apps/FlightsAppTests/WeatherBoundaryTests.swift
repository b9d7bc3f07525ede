import Foundation
import Testing
import ViperCore

@testable import FlightsApp

/// No Package.swift above this file.
private struct NoPackageRoot: Error {
    let file: String
}

/// The package's root: the first folder above this file that holds Package.swift.
private func packageRoot(from file: String = #filePath) throws -> URL {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder.deleteLastPathComponent()
    }
    throw NoPackageRoot(file: file)
}

/// Every Swift file under `Sources/Apps/<app>`, by its path inside that folder, with its text.
private func sources(of app: String) throws -> [String: String] {
    let folder = try packageRoot().appendingPathComponent("Sources/Apps/\(app)")
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    var texts: [String: String] = [:]
    for path in paths {
        texts[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
    return texts
}

/// Every token that reads as a name of the Weather app: `Weather` and a capital. Word boundaries
/// are simple ones (between `\w` and `\W`), so `WeatherApp.WeatherDetailInteractor` is two tokens.
private func weatherNames(in text: String) -> Set<String> {
    Set(text.matches(of: (#/\bWeather[A-Z]\w*/#).wordBoundaryKind(.simple)).map { String($0.output) })
}

/// What Flights may name of the Weather app: the module, the public Builder of its forecast, and
/// that Builder's input. `WeatherDetailScene` is allowed too: it is the `Scene` the public
/// `WeatherDetailBuilder` builds (its `build` names it), so it is part of that Builder's
/// contract, and the app must list it among its scenes for the engine to describe and accept
/// `weather.detail`. It names nothing of how Weather builds the scene.
private let allowedWeatherNames: Set<String> = ["WeatherApp", "WeatherDetailBuilder", "WeatherLocation", "WeatherDetailScene"]

@Suite("Flights uses the Weather app as a black box: its public Builder and its input alone")
struct WeatherBoundaryTests {
    @Test("The only names of the Weather app in Flights' sources are the module, WeatherDetailBuilder, WeatherLocation and WeatherDetailScene")
    func onlyThePublicBuilder() throws {
        let files = try sources(of: "FlightsApp")
        #expect(files.count >= 20, "the Flights sources were not found: \(files.keys.sorted())")
        var used: [String: Set<String>] = [:]
        for (path, text) in files {
            for name in weatherNames(in: text) { used[name, default: []].insert(path) }
        }
        let forbidden = used.filter { !allowedWeatherNames.contains($0.key) }
        #expect(forbidden.isEmpty, "Flights names Weather's internals: \(forbidden)")
        // The scan sees what it must: Flights does use the Builder and its input.
        #expect(used["WeatherDetailBuilder"] != nil)
        #expect(used["WeatherLocation"] != nil)
    }

    @Test("WeatherDetailScene is named only where the app lists its scenes")
    func sceneOnlyInTheScenesList() throws {
        let files = try sources(of: "FlightsApp")
        let naming = files.filter { $0.value.contains("WeatherDetailScene") }.keys.sorted()
        #expect(naming == ["FlightsApp.swift"])
        #expect(FlightsApp.scenes.map { $0.kind } == ["flights.search", "flights.availability", "flights.summary", "alert", "weather.detail"])
    }

    @Test("No type the Weather app declares, other than those allowed, is named in Flights' sources")
    func noWeatherTypes() throws {
        let weather = try sources(of: "WeatherApp")
        let declaration = (#/^(?:public |package |internal |private |fileprivate )?(?:final )?(?:struct|enum|protocol|class|actor|typealias) (\w+)/#)
            .anchorsMatchLineEndings()
        var declared: Set<String> = []
        for text in weather.values {
            for match in text.matches(of: declaration) { declared.insert(String(match.output.1)) }
        }
        // The scan sees Weather's declarations, internal ones included.
        #expect(declared.isSuperset(of: ["WeatherDetailBuilder", "WeatherLocation", "WeatherDetailScene", "Forecast", "ForecastService"]))
        let flights = try sources(of: "FlightsApp")
        var named: [String: Set<String>] = [:]
        for (path, text) in flights {
            for match in text.matches(of: (#/\b[A-Za-z_]\w*/#).wordBoundaryKind(.simple)) {
                let word = String(match.output)
                if declared.contains(word), !allowedWeatherNames.contains(word) { named[word, default: []].insert(path) }
            }
        }
        #expect(named.isEmpty, "Flights names types of the Weather app: \(named)")
    }

    @Test("Flights never imports the Weather app for testing, nor one of its declarations alone")
    func plainImportOnly() throws {
        for (path, text) in try sources(of: "FlightsApp") {
            let imports = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
                line.contains("WeatherApp") && ["import ", "public import ", "package import ", "internal import ", "@"].contains { line.hasPrefix($0) }
            }
            for line in imports {
                #expect(line == "import WeatherApp" || line == "public import WeatherApp", "\(path): \(line)")
            }
        }
    }
}
