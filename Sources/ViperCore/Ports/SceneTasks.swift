/// Background work a scene owns: a subscription's loop, a live feed, a timer. The engine
/// cancels it when the scene leaves the stack, and writes what it renders as it happens, between
/// the responses to the View's requests.
///
/// Work a request starts (a fetch, a save) is not background work: the request awaits it, and
/// its renders come before the response. Only what outlives requests by nature belongs here.
public struct SceneTasks: Sendable {
    private weak let session: Session?
    private let scene: SceneID

    init(session: Session, scene: SceneID) {
        self.session = session
        self.scene = scene
    }

    /// Starts `operation` as the scene's background work. It should wait only through the
    /// engine's ports (`sleep(for:)`, the HTTP client, the bus), so that `engine.idle` knows
    /// when nothing more will happen without outside input.
    public func run(_ operation: @escaping @Sendable () async -> Void) async {
        await session?.startBackgroundTask(for: scene, operation)
    }

    /// Waits for `duration` on the session's clock, a timer the engine counts as waiting
    /// outside: on real time while the clock follows the system's; while the View holds it
    /// fixed, until `clock.set` moves it to or past the timer's end, so that a retry after a
    /// failure happens at the same step every time a session is played. (Called while a
    /// request runs, it waits on real time: the `clock.set` would wait for the request.)
    /// Throws `CancellationError` when the scene leaves meanwhile.
    public func sleep(for duration: Duration) async throws {
        guard let session else { throw CancellationError() }
        try await session.sleep(for: duration)
    }
}

extension SceneTasks: SceneWork {
    public func forEach<Element: Sendable>(in stream: AsyncStream<Element>, _ handler: @escaping @Sendable (Element) async -> Void) async {
        await run {
            var elements = stream.makeAsyncIterator()
            // Waiting for the next element is waiting outside: it comes from another session,
            // another process or a server, so `engine.idle` does not wait for it.
            while let element = try? await waitOutside({ await elements.next(isolation: #isolation) }) {
                await handler(element)
            }
        }
    }

    private func waitOutside<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard let session else { throw CancellationError() }
        return try await session.waitingOutside(body)
    }
}
