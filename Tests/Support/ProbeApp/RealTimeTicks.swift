/// Ticks on real time, as a source outside the engine does (a socket, a sensor), whatever the
/// session's clock says: the probe's timers show background work that runs while the View
/// holds the clock fixed, which a timer on the session's clock (`SceneTasks.sleep(for:)`)
/// does only when the clock is moved.
enum RealTimeTicks {
    /// `count` ticks, `milliseconds` apart; the ticking stops when nobody listens any more
    /// (the scene left).
    static func stream(every milliseconds: Int, count: Int) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let ticker = Task {
                for _ in 0..<count {
                    guard (try? await Task.sleep(for: .milliseconds(milliseconds))) != nil else { break }
                    continuation.yield()
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in ticker.cancel() }
        }
    }
}
