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
        let key = nextBackgroundTask
        nextBackgroundTask += 1
        busyBackgroundTasks += 1
        let task = Task {
            await Origin.$current.withValue(.background) { await operation() }
            self.backgroundTaskEnded(scene, key)
        }
        backgroundTasks[scene, default: [:]][key] = task
    }

    private func backgroundTaskEnded(_ scene: SceneID, _ key: Int) {
        backgroundTasks[scene]?.removeValue(forKey: key)
        if backgroundTasks[scene]?.isEmpty == true { backgroundTasks.removeValue(forKey: scene) }
        busyBackgroundTasks -= 1
        resumeIdleWaitersIfIdle()
    }

    func cancelBackgroundTasks(of scene: SceneID) {
        guard let tasks = backgroundTasks[scene] else { return }
        for task in tasks.values { task.cancel() }
    }

    // MARK: - Waiting on the outside

    /// Runs `body`, which waits on something outside the engine (a reply, a response, a bus
    /// event, a timer): while it waits, the background task running it does not keep the
    /// session from being idle.
    nonisolated func waitingOutside<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        let background = Origin.current == .background
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

    private func park(background: Bool) {
        if running == nil || !background { flushOutput() }
        guard background else { return }
        busyBackgroundTasks -= 1
        resumeIdleWaitersIfIdle()
    }

    private func unpark() {
        busyBackgroundTasks += 1
    }

    /// `engine.idle`: returns once no background task runs, every one having finished or
    /// waiting on something outside the engine. The request it answers ran only after every
    /// earlier request, so then nothing more will happen without outside input.
    func waitUntilIdle() async {
        running?.holdsBackgroundOutput = false
        flushOutput()
        guard busyBackgroundTasks > 0 else { return }
        let key = nextIdleWaiter
        nextIdleWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { idleWaiters[key] = $0 }
        } onCancel: {
            Task { await self.resumeIdleWaiter(key) }
        }
    }

    private func resumeIdleWaiter(_ key: Int) {
        idleWaiters.removeValue(forKey: key)?.resume()
    }

    private func resumeIdleWaitersIfIdle() {
        guard busyBackgroundTasks == 0, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters.values
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - The notification bus

    /// Subscribes a live scene to the bus events named `name`.
    func subscribe(_ scene: SceneID, to name: String, deliver: @escaping @Sendable (JSONValue) async -> Bool) {
        guard isLive(scene) else { return }
        subscriptions.append(BusSubscription(scene: scene, name: name, deliver: deliver))
    }

    /// Hands `payload` to every live scene subscribed to `name`, bottom of the stack first, and
    /// returns how many took it (a subscriber whose payload type does not fit ignores it).
    func post(_ name: String, payload: JSONValue) async -> Int {
        let order = Dictionary(uniqueKeysWithValues: stack.enumerated().map { ($1.id, $0) })
        let targets = subscriptions.filter { $0.name == name && order[$0.scene] != nil }
            .enumerated().sorted { (order[$0.element.scene]!, $0.offset) < (order[$1.element.scene]!, $1.offset) }
            .map(\.element)
        var delivered = 0
        for subscription in targets where isLive(subscription.scene) {
            if await subscription.deliver(payload) { delivered += 1 }
        }
        return delivered
    }
}

/// A live scene's subscription to one kind of bus event.
struct BusSubscription: Sendable {
    let scene: SceneID
    let name: String
    /// Decodes the payload and hands it to the module; false when the payload does not fit.
    let deliver: @Sendable (JSONValue) async -> Bool
}
