public import ServiceKit
public import ViperCore
public import ViperStore

/// The Weather app: saved places with the weather now, a place's forecast
/// pushed, and a search for places presented. `detailModule` hands the forecast module to other
/// apps, as a black box: its Builder, its input and its scene contract.
public struct WeatherApp: ViperApp {
    public static let name = "weather"
    /// The app's name as a person reads it.
    public static let title = "Weather"
    /// What the app does, in a sentence.
    public static let summary: String? = "The weather now at the places you saved, and a week's forecast for each."
    public static let faultOperations = [OpenMeteoGeocoding.operation, OpenMeteoForecast.operation]
    public static let scenes: [any SceneContract.Type] = [WeatherListScene.self, WeatherDetailScene.self, WeatherAddScene.self]
    /// The steps that make the app's table in the workspace's database.
    public static let migrations = SavedLocations.migrations

    private let dataManager: any WeatherDataManaging
    private let detail: WeatherDetailBuilder

    /// The app on `store`, whose database must have run `migrations`, with forecasts from `forecast`
    /// and place searches from `geocoding`, through `client`.
    public init(store: Store, forecast: ServiceEndpoint, geocoding: ServiceEndpoint, client: ServiceClient) {
        let forecasts = OpenMeteoForecast(server: OpenMeteoClient(endpoint: forecast, client: client))
        dataManager = WeatherDataManager(
            store: SavedLocations(store: store),
            places: OpenMeteoGeocoding(server: OpenMeteoClient(endpoint: geocoding, client: client)), forecasts: forecasts)
        detail = WeatherDetailBuilder(service: forecasts)
    }

    public var rootModule: WeatherListBuilder { WeatherListBuilder(dataManager: dataManager, detail: detail) }

    /// The forecast module alone, for another app to open (Flights shows its destination's
    /// weather): it needs only the forecast server, no database.
    public static func detailModule(forecast: ServiceEndpoint, client: ServiceClient) -> WeatherDetailBuilder {
        WeatherDetailBuilder(service: OpenMeteoForecast(server: OpenMeteoClient(endpoint: forecast, client: client)))
    }
}
