import Synchronization

/// Where a transcript's playback stands, for the one that gives up on it when it runs out of
/// time: the step playing and the connection it plays on.
final class PlaybackProgress: Sendable {
    private let state = Mutex<(step: Int?, connection: (any EngineConnection)?)>((nil, nil))

    /// The step playing now (nil between the last step and the end), and the connection.
    var current: (step: Int?, connection: (any EngineConnection)?) { state.withLock { $0 } }

    func began(_ connection: any EngineConnection) {
        state.withLock { $0.connection = connection }
    }

    func playing(_ step: Int?) {
        state.withLock { $0.step = step }
    }

    /// Whether something happened already: the first to claim it is the one.
    final class Once: Sendable {
        private let claimed = Atomic<Bool>(false)

        /// True for the first caller only.
        func claim() -> Bool {
            !claimed.exchange(true, ordering: .acquiringAndReleasing)
        }
    }
}
