import ViperCore

/// Searches for places by name as the user types and saves the one they pick.
actor WeatherAddInteractor: WeatherAddInteracting {
    /// Shorter queries are not searched for: Open-Meteo answers nothing below two characters.
    static let minimumQueryLength = 2

    private let dataManager: any WeatherDataManaging
    private let language: String
    private var shown = WeatherSearch(query: "", results: [], isSearching: false, failure: nil)

    init(dataManager: any WeatherDataManaging, language: String) {
        self.dataManager = dataManager
        self.language = language
    }

    func begin(query: String) -> WeatherSearch {
        let searches = query.trimmingWhitespace.count >= Self.minimumQueryLength
        shown = WeatherSearch(query: query, results: searches ? shown.results : [], isSearching: searches, failure: nil)
        return shown
    }

    func finish() async -> WeatherSearch? {
        guard shown.isSearching else { return nil }
        let query = shown.query
        do {
            let results = try await dataManager.search(String(query.trimmingWhitespace), language: language)
            shown = WeatherSearch(query: query, results: results, isSearching: false, failure: nil)
        } catch .cancelled {
            // A newer query replaced this one, or the View cancelled: no error to show.
            shown = WeatherSearch(query: query, results: shown.results, isSearching: false, failure: nil)
        } catch {
            shown = WeatherSearch(query: query, results: [], isSearching: false, failure: error)
        }
        return shown
    }

    func result(id: String) -> WeatherLocation? {
        shown.results.first { $0.id == id }
    }

    func save(id: String) async -> WeatherSearch? {
        guard let location = result(id: id) else { return nil }
        do {
            _ = try await dataManager.save(location)
            return nil
        } catch {
            shown = WeatherSearch(query: shown.query, results: shown.results, isSearching: false, failure: error)
            return shown
        }
    }
}
