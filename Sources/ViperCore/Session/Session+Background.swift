import Foundation
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
    /// session from being idle. With `parkingWhenAsking`, background work parks only once its
    /// request to the client is out (`request(_:params:parse:)`), not before.
    nonisolated func waitingOutside<Value: Sendable>(parkingWhenAsking: Bool = false, _ body: () async throws -> Value) async throws -> Value {
        let background = WorkOrigin.current == .background
        let wait = OutsideWait(parksWhenAsking: background && parkingWhenAsking)
        // What the work showed so far (a "loading" state) reaches the View before the wait.
        if !wait.parksWhenAsking { wait.key = await park(background: background) }
        do {
            let value = try await Self.$outsideWait.withValue(wait) { try await body() }
            if let key = wait.key { await unpark(key) }
            return value
        } catch {
            if let key = wait.key { await unpark(key) }
            throw error
        }
    }

    /// The wait outside that the current task is in: the View's reply to a request made in it
    /// wakes it (`BackgroundWork.wake`).
    @TaskLocal static var outsideWait: OutsideWait?

    /// Parks background work; returns the key of its wait, nil for a request's.
    func park(background isBackground: Bool) -> Int? {
        if scheduler.running == nil || !isBackground { flushOutput() }
        guard isBackground else { return nil }
        return background.park()
    }

    private func unpark(_ wait: Int) {
        background.unpark(wait)
    }

    // MARK: - Timers

    /// Waits `duration` on the session's clock: on real time while it follows the system's;
    /// while the View holds it fixed, until the clock is moved to or past the end. Throws
    /// `CancellationError` when the task is cancelled meanwhile.
    ///
    /// A request's own wait is on real time whatever the clock: requests run one at a time, so
    /// the `clock.set` that would end it could never run.
    nonisolated func sleep(for duration: Duration) async throws {
        guard WorkOrigin.current == .background, let (end, endedBy) = await waitOnFixedClock(duration) else {
            try await waitingOutside { try await Task.sleep(for: duration) }
            return
        }
        switch endedBy {
        case .elapsed:
            return
        case .cancelled:
            throw CancellationError()
        case .released:
            let left = end.timeIntervalSinceNow
            if left > 0 { try await waitingOutside { try await Task.sleep(for: .seconds(left)) } }
        }
    }

    /// The timer's end and how its wait ended, or nil when the clock follows the system's.
    /// The background work waiting on it is parked, and woken by what ends the timer, before it
    /// runs again: an `engine.idle` after a `clock.set` waits for what the timer set off.
    private func waitOnFixedClock(_ duration: Duration) async -> (Date, SessionTimers.End)? {
        guard let now = clock.fixedInstant else { return nil }
        let end = now.addingTimeInterval(duration.seconds)
        let wait = park(background: true)
        let key = timers.add(endingAt: end, wait: wait)
        let endedBy = await withTaskCancellationHandler {
            await withCheckedContinuation { timers.wait(key, $0) }
        } onCancel: {
            Task { await self.endTimer(key) }
        }
        if let wait { unpark(wait) }
        return (end, endedBy)
    }

    /// Ends the timer `key`: its task was cancelled.
    private func endTimer(_ key: Int) {
        timers.cancel(key)?.resume(returning: .cancelled)
    }

    /// Ends the timers the fixed clock has reached, earliest first.
    func elapseTimers() {
        guard let now = clock.fixedInstant else { return }
        for (waiter, wait) in timers.elapse(at: now) {
            if let wait { background.wake(wait) }
            waiter.resume(returning: .elapsed)
        }
    }

    /// Lets the clock follow the system's again; timers waiting on it wait out the rest of
    /// their time on real time.
    func releaseClock() {
        clock.release()
        for (waiter, wait) in timers.releaseAll() {
            if let wait { background.wake(wait) }
            waiter.resume(returning: .released)
        }
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
