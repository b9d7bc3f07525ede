import AppTestSupport
import Synchronization

@testable import WeatherApp

/// A list Interactor with scripted listings that notes `loadSaved`, `refreshConditions` and
/// `remove: <id>` in `calls` and the shared `log`. It finds a place among those of the listing
/// it gave last, as the real one finds it among those it shows.
final class StubWeatherListInteractor: WeatherListInteracting {
    private struct State {
        var saved: WeatherListing
        var refreshed: WeatherListing?
        var removal: WeatherListing?
        var shown: [WeatherLocation] = []
        var calls: [String] = []
        var othersChanged: (@Sendable () async -> Void)?
    }

    private let state: Mutex<State>
    private let log: EventLog?

    /// An Interactor whose `loadSaved` gives `saved` and whose `refreshConditions` gives
    /// `refreshed`.
    init(saved: WeatherListing, refreshed: WeatherListing?, log: EventLog? = nil) {
        state = Mutex(State(saved: saved, refreshed: refreshed))
        self.log = log
    }

    /// What was asked, in order.
    var calls: [String] { state.withLock { $0.calls } }

    /// From now on, `loadSaved` gives `saved` and `refreshConditions` gives `refreshed`.
    func willLoad(_ saved: WeatherListing, refreshed: WeatherListing?) {
        state.withLock { state in
            state.saved = saved
            state.refreshed = refreshed
        }
    }

    /// The next `remove` gives `listing`.
    func willRemove(giving listing: WeatherListing) {
        state.withLock { $0.removal = listing }
    }

    func loadSaved() async -> WeatherListing {
        let listing: WeatherListing = state.withLock { state in
            state.calls.append("loadSaved")
            state.shown = state.saved.locations
            return state.saved
        }
        log?.record("loadSaved")
        return listing
    }

    func refreshConditions() async -> WeatherListing? {
        let listing: WeatherListing? = state.withLock { state in
            state.calls.append("refreshConditions")
            if let refreshed = state.refreshed { state.shown = refreshed.locations }
            return state.refreshed
        }
        log?.record("refreshConditions")
        return listing
    }

    func remove(id: String) async -> WeatherListing {
        let listing: WeatherListing = state.withLock { state in
            state.calls.append("remove: \(id)")
            let given = state.removal ?? WeatherListing(locations: state.shown, conditions: [:], failure: .storage("no removal scripted"))
            state.removal = nil
            state.shown = given.locations
            return given
        }
        log?.record("remove: \(id)")
        return listing
    }

    func location(id: String) async -> WeatherLocation? {
        state.withLock { state in state.shown.first { $0.id == id } }
    }

    func whenOthersChangePlaces(_ changed: @escaping @Sendable () async -> Void) async {
        state.withLock { $0.othersChanged = changed }
    }

    /// Calls what the Presenter gave `whenOthersChangePlaces`, as another session's change would.
    func othersChangedPlaces() async {
        await state.withLock { $0.othersChanged }?()
    }
}
