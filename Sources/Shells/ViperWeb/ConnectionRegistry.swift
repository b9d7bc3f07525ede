import Synchronization

/// What a server counts and reaches of its connections: those that are not sessions yet
/// (bounded, so that idle sockets cannot crowd out the others), the session slots, and how to
/// stop each live session when the server stops.
final class ConnectionRegistry: Sendable {
    private struct State {
        var waiting = 0
        var stops: [ObjectIdentifier: @Sendable () -> Void] = [:]
        var isStopping = false
    }

    private let state = Mutex(State())
    /// The most connections that may wait to become sessions (or fetch the page) at once.
    let maxWaiting: Int
    /// The sessions' slots, at most `--max-sessions`.
    let sessions: SessionSlots

    init(maxWaiting: Int, maxSessions: Int) {
        self.maxWaiting = maxWaiting
        sessions = SessionSlots(capacity: maxSessions)
    }

    /// Counts a new connection that is not a session yet; false when too many wait already, or
    /// the server is stopping.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.isStopping, state.waiting < maxWaiting else { return false }
            state.waiting += 1
            return true
        }
    }

    /// A connection counted by `admit` became a session, or closed.
    func leftWaiting() {
        state.withLock { $0.waiting -= 1 }
    }

    /// Connections waiting to become sessions now.
    var waitingCount: Int { state.withLock { $0.waiting } }

    /// Registers a live session, with how to stop it.
    func add(_ id: ObjectIdentifier, stop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLock { state -> Bool in
            state.stops[id] = stop
            return state.isStopping
        }
        if stopNow { stop() }
    }

    /// A session ended.
    func remove(_ id: ObjectIdentifier) {
        _ = state.withLock { $0.stops.removeValue(forKey: id) }
    }

    /// Whether sessions are still live.
    var hasSessions: Bool { state.withLock { !$0.stops.isEmpty } }

    /// Refuses new connections from now on and stops every live session.
    func stopAll() {
        let stops = state.withLock { state in
            state.isStopping = true
            return Array(state.stops.values)
        }
        for stop in stops { stop() }
    }
}
