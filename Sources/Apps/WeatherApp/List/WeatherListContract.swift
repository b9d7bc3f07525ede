public import ViperCore

/// The `weather.list` scene: the saved places with the weather at each now.
public enum WeatherListScene: SceneContract {
    public static let kind: SceneKind = "weather.list"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Your places",
        emptyText: "No places yet: add one to see its weather.",
        labels: ["addTapped": "Add a place", "locationTapped": "Forecast", "removeTapped": "Remove"],
        roles: ["locationId": .identifier, "name": .heading, "detail": .longText, "errorMessage": .error],
        eventRoles: ["removeTapped": .danger])

    public enum Event: SceneEvent {
        /// Open a place's forecast.
        case locationTapped(locationId: String)
        /// Search for a place to add.
        case addTapped
        /// Forget a saved place.
        case removeTapped(locationId: String)

        public enum CodingKeys: CodingKey, CaseIterable { case locationTapped, addTapped, removeTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The saved places, in the order they were added.
        public let locations: [Row]
        /// Why the weather or the saved places could not be loaded, naming the cause.
        public let errorMessage: String?
    }

    /// One saved place.
    public struct Row: Codable, Sendable, Equatable {
        /// The place's id, as `locationTapped` and `removeTapped` name it.
        public let locationId: String
        /// The place's name ("Lisbon").
        public let name: String
        /// The weather now ("12°C, Partly cloudy"), or "Region, Country" until it has loaded.
        public let detail: String
    }
}

/// What the list shows, as the Interactor reports it.
struct WeatherListing: Sendable, Equatable {
    let locations: [WeatherLocation]
    /// The weather now at the places it has loaded for, by place id.
    let conditions: [String: CurrentConditions]
    let failure: WeatherFailure?
}

/// The list's Interactor, as its Presenter sees it.
protocol WeatherListInteracting: Sendable {
    /// The saved places, as saved: the listing to show at once.
    func loadSaved() async -> WeatherListing
    /// Fetches the weather now at each saved place, in order, up to the first failure; nil
    /// when there is nothing to fetch (no place saved, or the places could not be read).
    func refreshConditions() async -> WeatherListing?
    /// Forgets the saved place `id`.
    func remove(id: String) async -> WeatherListing
    /// The saved place with `id`.
    func location(id: String) async -> WeatherLocation?
    /// Calls `changed` each time another session of the workspace, here or on another process,
    /// adds or removes a place, for as long as the scene lives.
    func whenOthersChangePlaces(_ changed: @escaping @Sendable () async -> Void) async
}

/// The list's Router, as its Presenter sees it.
protocol WeatherListRouting: Sendable {
    /// `navigateToDetail(location:)`.
    func showDetail(of location: WeatherLocation) async
    /// `navigateToAddWeatherLocation()`.
    func showAdd() async
}
