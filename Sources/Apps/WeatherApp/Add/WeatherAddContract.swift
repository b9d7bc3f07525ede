public import ViperCore

/// The `weather.add` scene, presented over the list: search as you type, then pick a place to
/// save. `view.back` (a swipe down) dismisses it as `cancelTapped` does.
public enum WeatherAddScene: SceneContract {
    public static let kind: SceneKind = "weather.add"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Add a place",
        emptyText: "Type two letters or more of a place's name.",
        labels: ["queryChanged": "Search", "resultTapped": "Add", "cancelTapped": "Cancel", "isSearching": "Searching"],
        roles: [
            "isSearching": .busy, "errorMessage": .error, "resultId": .identifier, "name": .heading, "detail": .longText,
        ],
        eventRoles: ["cancelTapped": .cancel])

    public enum Event: SceneEvent {
        /// The search text changed; a newer one cancels a search still running (superseding).
        case queryChanged(query: String)
        /// Save this place of the results, and leave.
        case resultTapped(resultId: String)
        /// Leave without saving.
        case cancelTapped

        public enum CodingKeys: CodingKey, CaseIterable { case queryChanged, resultTapped, cancelTapped }
    }

    /// Typing sends a `queryChanged` per keystroke: only the newest one's results matter.
    public static var supersedingEvents: [Event.CodingKeys] { [.queryChanged] }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The search text as typed, spaces and all; empty at first.
        public let query: String
        /// The places found, in Open-Meteo's order; none for a query under two characters.
        public let results: [Result]
        /// Whether a search for `query` is running.
        public let isSearching: Bool
        /// Why the search or the save failed, naming the cause.
        public let errorMessage: String?
    }

    /// A place the search found.
    public struct Result: Codable, Sendable, Equatable {
        /// The place's id, as `resultTapped` names it.
        public let resultId: String
        /// The place's name ("Lisbon").
        public let name: String
        /// "Region, Country".
        public let detail: String
    }
}

/// What the search shows, as the Interactor reports it.
struct WeatherSearch: Sendable, Equatable {
    let query: String
    let results: [WeatherLocation]
    let isSearching: Bool
    let failure: WeatherFailure?
}

/// The search's Interactor, as its Presenter sees it.
protocol WeatherAddInteracting: Sendable {
    /// Takes a new query: the search to show while it runs, or with no results when the query
    /// is too short to search for.
    func begin(query: String) async -> WeatherSearch
    /// Runs the search `begin` started: its results or its failure; when cancelled, the
    /// results from before. Nil when there is nothing to search for.
    func finish() async -> WeatherSearch?
    /// The place of the results with `id`.
    func result(id: String) async -> WeatherLocation?
    /// Saves the place of the results with `id` (once: a place saved already stays as it is);
    /// the search with the failure when it could not be saved.
    func save(id: String) async -> WeatherSearch?
}

/// The search's Router, as its Presenter sees it.
protocol WeatherAddRouting: Sendable {
    /// Leaves the search, uncovering the list.
    func close() async
}
