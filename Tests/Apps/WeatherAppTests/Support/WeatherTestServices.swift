import Foundation
import AppTestSupport
import ServiceKit
import ViperCore
import ViperStore

@testable import WeatherApp

/// The base URL the tests give the forecast Service, as Open-Meteo's `api.open-meteo.com`.
let testForecastBase = URL(string: "https://api.open-meteo.test")!

/// The base URL the tests give the place search, as Open-Meteo's `geocoding-api.open-meteo.com`.
let testGeocodingBase = URL(string: "https://geocoding-api.open-meteo.test")!

/// The day `text` (`YYYY-MM-DD`) names.
func calendarDay(_ text: String) -> CalendarDay {
    CalendarDay(text)!
}

/// The app's database, in memory, with the app's migrations run.
func weatherDatabase() throws -> SQLiteStore {
    try SQLiteStore.inMemory(migrations: WeatherApp.migrations)
}

/// Open-Meteo's forecast at `testForecastBase`, over `http`.
func openMeteoForecast(_ http: StubHTTPClient, faults: FaultInjector? = nil) -> OpenMeteoForecast {
    OpenMeteoForecast(server: OpenMeteoClient(endpoint: .fixed(testForecastBase), client: ServiceClient(http: http, faults: faults)))
}

/// Open-Meteo's geocoding at `testGeocodingBase`, over `http`.
func openMeteoGeocoding(_ http: StubHTTPClient, faults: FaultInjector? = nil) -> OpenMeteoGeocoding {
    OpenMeteoGeocoding(server: OpenMeteoClient(endpoint: .fixed(testGeocodingBase), client: ServiceClient(http: http, faults: faults)))
}

/// The real data manager on `database`, with Open-Meteo's Services over `http`.
func weatherDataManager(on database: any StoreBackend, http: StubHTTPClient = StubHTTPClient()) -> WeatherDataManager {
    WeatherDataManager(store: SavedLocations(store: Store(database)), places: openMeteoGeocoding(http), forecasts: openMeteoForecast(http))
}

/// The query of `request`, decoded, as `name=value` in the order sent.
func sentQuery(of request: HTTPRequest) -> [String] {
    (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
}

/// The scheme, host and path of `request`, without its query.
func sentEndpoint(of request: HTTPRequest) -> String {
    guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return request.url.absoluteString }
    return "\(components.scheme ?? "")://\(components.host ?? "")\(components.path)"
}
