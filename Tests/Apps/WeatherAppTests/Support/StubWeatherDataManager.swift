import Foundation
import AppTestSupport
import Synchronization
import ViperStore

@testable import WeatherApp

/// A data manager whose saved places live in memory, with scripted searches and conditions. It
/// notes every call in `calls` and the shared `log`: `savedLocations`, `save: <id>`,
/// `remove: <id>`, `search: <name> in <language>`, `conditions: <id> in <time zone>`.
final class StubWeatherDataManager: WeatherDataManaging {
    private struct State {
        var saved: [WeatherLocation]
        var readFailure: WeatherFailure?
        var writeFailure: WeatherFailure?
        var conditions: [String: Result<CurrentConditions, WeatherFailure>] = [:]
        var searches: [Result<[WeatherLocation], WeatherFailure>] = []
        var calls: [String] = []
    }

    private let state: Mutex<State>
    private let log: EventLog?
    private let changesByOthers = AsyncStream.makeStream(of: StoreChange.self)

    init(saved: [WeatherLocation] = [], log: EventLog? = nil) {
        state = Mutex(State(saved: saved))
        self.log = log
    }

    /// What was asked, in order.
    var calls: [String] { state.withLock { $0.calls } }
    /// The places saved now, in order.
    var saved: [WeatherLocation] { state.withLock { $0.saved } }

    /// Makes `savedLocations` fail with `failure` (nil: succeed again).
    func failReads(with failure: WeatherFailure?) {
        state.withLock { $0.readFailure = failure }
    }

    /// Makes `save` and `remove` fail with `failure`, changing nothing (nil: succeed again).
    func failWrites(with failure: WeatherFailure?) {
        state.withLock { $0.writeFailure = failure }
    }

    /// Answers every `conditions` for the place `id` with `result`; a place with nothing
    /// scripted is unreachable.
    func willAnswerConditions(of id: String, with result: Result<CurrentConditions, WeatherFailure>) {
        state.withLock { $0.conditions[id] = result }
    }

    /// Answers the next `search` with `result`; searches are answered in the order scripted,
    /// and one with nothing scripted is unreachable.
    func willAnswerSearch(with result: Result<[WeatherLocation], WeatherFailure>) {
        state.withLock { $0.searches.append(result) }
    }

    func savedLocations() async throws(WeatherFailure) -> [WeatherLocation] {
        note("savedLocations")
        let result: Result<[WeatherLocation], WeatherFailure> = state.withLock { state in
            if let failure = state.readFailure { return .failure(failure) }
            return .success(state.saved)
        }
        return try result.get()
    }

    func save(_ location: WeatherLocation) async throws(WeatherFailure) -> Bool {
        note("save: \(location.id)")
        let result: Result<Bool, WeatherFailure> = state.withLock { state in
            if let failure = state.writeFailure { return .failure(failure) }
            guard !state.saved.contains(where: { $0.id == location.id }) else { return .success(false) }
            state.saved.append(location)
            return .success(true)
        }
        return try result.get()
    }

    func remove(id: String) async throws(WeatherFailure) {
        note("remove: \(id)")
        let failure: WeatherFailure? = state.withLock { state in
            if let failure = state.writeFailure { return failure }
            state.saved.removeAll { $0.id == id }
            return nil
        }
        if let failure { throw failure }
    }

    func search(_ name: String, language: String) async throws(WeatherFailure) -> [WeatherLocation] {
        note("search: \(name) in \(language)")
        let result: Result<[WeatherLocation], WeatherFailure> = state.withLock { state in
            state.searches.isEmpty ? .failure(.unreachable("no search scripted")) : state.searches.removeFirst()
        }
        return try result.get()
    }

    func conditions(at location: WeatherLocation, timeZone: String) async throws(WeatherFailure) -> CurrentConditions {
        note("conditions: \(location.id) in \(timeZone)")
        let result: Result<CurrentConditions, WeatherFailure> = state.withLock { state in
            state.conditions[location.id] ?? .failure(.unreachable("no conditions scripted for \(location.id)"))
        }
        return try result.get()
    }

    func placesChangedByOthers() -> AsyncStream<StoreChange> {
        changesByOthers.stream
    }

    /// Says that another session added or removed a place, to whoever listens.
    func othersChangedPlaces() {
        changesByOthers.continuation.yield(StoreChange(topic: SavedLocations.topic, origin: .unique()))
    }

    /// Notes `call` in `calls` and the log.
    private func note(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}
