import NIOCore
import Synchronization

/// What a server counts and reaches of its connections: those that are not sessions yet
/// (bounded, the oldest making room for a newcomer, so that idle sockets cannot crowd out the
/// clients that go on to a session), the session slots, and how to stop each live session when
/// the server stops.
final class ConnectionRegistry: Sendable {
    private struct State {
        /// Connections that are not sessions, by id, with the order they came in.
        var waiting: [ObjectIdentifier: (order: Int, channel: any Channel)] = [:]
        var nextOrder = 0
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

    /// Counts `channel`, a new connection that is not a session yet; false when the server is
    /// stopping. When too many wait already, the one that has waited longest is closed: a
    /// client that goes on to a session upgrades within milliseconds, so the oldest is almost
    /// always a socket left idle on purpose.
    func admit(_ channel: any Channel) -> Bool {
        let (admitted, evicted) = state.withLock { state -> (Bool, (any Channel)?) in
            guard !state.isStopping else { return (false, nil) }
            var evicted: (any Channel)?
            if state.waiting.count >= maxWaiting, let oldest = state.waiting.min(by: { $0.value.order < $1.value.order }) {
                state.waiting[oldest.key] = nil
                evicted = oldest.value.channel
            }
            state.waiting[ObjectIdentifier(channel)] = (state.nextOrder, channel)
            state.nextOrder += 1
            return (true, evicted)
        }
        evicted?.close(promise: nil)
        return admitted
    }

    /// A connection counted by `admit` became a session, or closed.
    func leftWaiting(_ channel: any Channel) {
        _ = state.withLock { $0.waiting.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Registers a live session, with how to stop it.
    func add(_ id: ObjectIdentifier, stop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLock { state -> Bool in
            state.stops[id] = stop
            return state.isStopping
        }
        if stopNow { stop() }
    }

    /// A session's connection closed.
    func remove(_ id: ObjectIdentifier) {
        _ = state.withLock { $0.stops.removeValue(forKey: id) }
    }

    /// Whether sessions' connections are still open.
    var hasSessions: Bool { state.withLock { !$0.stops.isEmpty } }

    /// Refuses new connections from now on, closes those that are not sessions, and stops every
    /// live session.
    func stopAll() {
        let (stops, waiting) = state.withLock { state in
            state.isStopping = true
            defer { state.waiting.removeAll() }
            return (Array(state.stops.values), state.waiting.values.map(\.channel))
        }
        for channel in waiting { channel.close(promise: nil) }
        for stop in stops { stop() }
    }
}
