import Logging
import ViperJSON

/// Work scenes own beyond requests (subscriptions, live feeds, timers), the notification bus,
/// and knowing when the session is idle.
extension Session {
    // MARK: - Scene tasks

    /// Starts `operation` as background work of `scene`: its output is written when it happens
    /// (after the response of a request running then), and it is cancelled when the scene
    /// leaves. A scene that has left starts nothing.
    func startBackgroundTask(for scene: SceneID, _ operation: @escaping @Sendable () async -> Void) {
        guard isLive(scene) else { return }
        let key = background.reserveKey()
        let task = Task {
            await WorkOrigin.$current.withValue(.background) { await operation() }
            await self.backgroundTaskEnded(key: key, for: scene)
        }
        background.started(task, key: key, for: scene)
    }

    private func backgroundTaskEnded(key: Int, for scene: SceneID) {
        background.ended(key: key, for: scene)
    }

    // MARK: - Waiting on the outside

    /// Runs `body`, which waits on something outside the engine (a reply, a response, a bus
    /// event, a timer): while it waits, the background task running it does not keep the
    /// session from being idle.
    nonisolated func waitingOutside<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        let background = WorkOrigin.current == .background
        // What the work showed so far (a "loading" state) reaches the View before the wait.
        await park(background: background)
        do {
            let value = try await body()
            if background { await unpark() }
            return value
        } catch {
            if background { await unpark() }
            throw error
        }
    }

    private func park(background isBackground: Bool) {
        if scheduler.running == nil || !isBackground { flushOutput() }
        guard isBackground else { return }
        background.park()
    }

    private func unpark() {
        background.unpark()
    }

    /// `engine.idle`: returns once no background task runs, every one having finished or
    /// waiting on something outside the engine. The request it answers ran only after every
    /// earlier request, so then nothing more will happen without outside input.
    func waitUntilIdle() async {
        scheduler.releaseBackgroundOutput()
        flushOutput()
        guard !background.isIdle else { return }
        let key = background.nextIdleWaiterKey()
        await withTaskCancellationHandler {
            await withCheckedContinuation { background.waitUntilIdle($0, key: key) }
        } onCancel: {
            Task { await self.resumeIdleWaiter(key) }
        }
    }

    private func resumeIdleWaiter(_ key: Int) {
        background.resumeIdleWaiter(key)
    }

    // MARK: - The notification bus

    /// Subscribes a live scene to the bus events named `name`.
    func subscribe(_ scene: SceneID, to name: String, deliver: @escaping @Sendable (JSONValue) async -> Bool) {
        guard isLive(scene) else { return }
        subscriptions.add(BusSubscription(scene: scene, name: name, deliver: deliver))
    }

    /// Hands `payload` to every live scene subscribed to `name`, bottom of the stack first, and
    /// returns how many took it (a subscriber whose payload type does not fit ignores it).
    func post(_ name: String, payload: JSONValue) async -> Int {
        var delivered = 0
        for subscription in subscriptions.subscribers(to: name, positions: scenes.positions) where isLive(subscription.scene) {
            if await subscription.deliver(payload) { delivered += 1 }
        }
        return delivered
    }
}
