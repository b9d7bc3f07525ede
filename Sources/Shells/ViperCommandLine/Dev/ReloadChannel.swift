import Synchronization

/// Where `dev`'s loop, which builds and replays on a task of its own, leaves what the REPL
/// takes on its task: news to show, the session replayed into a rebuilt engine, and whether a
/// reload is under way (a command typed meanwhile waits for it).
final class ReloadChannel: Sendable {
    /// The session replayed into a rebuilt engine, ready to go on with.
    struct Reloaded: Sendable {
        /// A View of the new engine, where the session's requests were replayed.
        let view: ViewSession
        /// Every line the replay caused, from which the REPL learns the stack anew.
        let lines: [String]
        /// What the new engine describes of its scenes.
        let catalog: SceneCatalog
        /// What the reload did and what it changed, for the person.
        let report: String
    }

    private struct State {
        var current: ViewSession
        var reloading = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var news: [String] = []
        var ready: Reloaded?
    }

    private let state: Mutex<State>
    /// Wakes the REPL's line editor, which shows the news while the person types nothing.
    private let signal: OutputSignal

    init(current: ViewSession, signal: OutputSignal) {
        state = Mutex(State(current: current))
        self.signal = signal
    }

    /// The View of the engine the session runs on: the one whose requests a replay sends again.
    var current: ViewSession { state.withLock { $0.current } }

    /// A reload begins: commands wait until it ends.
    func begin(_ news: String) {
        state.withLock {
            $0.reloading = true
            $0.news.append(news)
        }
        signal.raise()
    }

    /// The reload ended, with `news`, and with the session `ready` on a new engine when it
    /// replayed; the commands that waited go on.
    func end(_ news: String?, ready: Reloaded?) {
        let waiters = state.withLock { state in
            state.reloading = false
            if let news { state.news.append(news) }
            if let ready {
                state.current = ready.view
                state.ready = ready
            }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        signal.raise()
    }

    /// News that needs no reload (the examples' results).
    func post(_ news: String) {
        state.withLock { $0.news.append(news) }
        signal.raise()
    }

    /// Returns once no reload is under way.
    func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = state.withLock { state in
                if state.reloading { state.waiters.append(continuation) }
                return state.reloading
            }
            if !waits { continuation.resume() }
        }
    }

    /// The news since the last look, and the reloaded session if one is ready; both taken.
    func take() -> (news: [String], ready: Reloaded?) {
        state.withLock { state in
            defer {
                state.news.removeAll()
                state.ready = nil
            }
            return (state.news, state.ready)
        }
    }
}
