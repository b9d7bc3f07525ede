/// The work scenes own beyond requests (live feeds, timers, subscriptions' handlers), by scene,
/// and whether any of it is busy: `engine.idle` waits until none is.
///
/// Work waiting on something outside the engine (a reply, a response, a bus event, a timer) is
/// parked: it does not keep the session from being idle.
struct BackgroundWork {
    private var tasks: [SceneID: [Int: Task<Void, Never>]] = [:]
    private var nextKey = 0
    /// Tasks running now, not parked.
    private var busy = 0
    private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextIdleWaiter = 0
    /// The waits outside that parked tasks are in, by key.
    private var parked: Set<Int> = []
    /// Parked waits that what they waited on ended already, counting their task busy again
    /// before it runs (`wake`).
    private var woken: Set<Int> = []
    private var nextWait = 0

    var isIdle: Bool { busy == 0 }

    /// A key for a task about to start, which counts as busy from now on.
    mutating func reserveKey() -> Int {
        defer { nextKey += 1 }
        busy += 1
        return nextKey
    }

    /// The task started under `key`, owned by `scene`.
    mutating func started(_ task: Task<Void, Never>, key: Int, for scene: SceneID) {
        tasks[scene, default: [:]][key] = task
    }

    /// The task under `key` ended.
    mutating func ended(key: Int, for scene: SceneID) {
        tasks[scene]?.removeValue(forKey: key)
        if tasks[scene]?.isEmpty == true { tasks.removeValue(forKey: scene) }
        busy -= 1
        resumeIdleWaitersIfIdle()
    }

    /// Cancels the work `scene` owns; each task ends (and is forgotten) in its own time.
    func cancel(of scene: SceneID) {
        for task in tasks[scene]?.values ?? [:].values { task.cancel() }
    }

    /// Cancels all work; with `forgetting`, it is no longer tracked either (the session ends).
    mutating func cancelAll(forgetting: Bool = false) {
        for byKey in tasks.values { for task in byKey.values { task.cancel() } }
        if forgetting { tasks.removeAll() }
    }

    /// A busy task waits on the outside now; returns the wait's key.
    mutating func park() -> Int {
        busy -= 1
        resumeIdleWaitersIfIdle()
        defer { nextWait += 1 }
        parked.insert(nextWait)
        return nextWait
    }

    /// What the wait `key` waited on ended (the View replied, the clock reached a timer): its
    /// task counts as busy from now, before it runs again, so that an `engine.idle` read next
    /// waits for what it does. Nothing when the wait is over already.
    mutating func wake(_ key: Int) {
        guard parked.contains(key), woken.insert(key).inserted else { return }
        busy += 1
    }

    /// The task parked in the wait `key` runs again: busy, unless `wake` counted it so.
    mutating func unpark(_ key: Int) {
        parked.remove(key)
        if woken.remove(key) == nil { busy += 1 }
    }


    /// The key of the next caller to wait until no task is busy.
    mutating func nextIdleWaiterKey() -> Int {
        defer { nextIdleWaiter += 1 }
        return nextIdleWaiter
    }

    /// Keeps `waiter` until no task is busy, or `resumeIdleWaiter(key)`.
    mutating func waitUntilIdle(_ waiter: CheckedContinuation<Void, Never>, key: Int) {
        idleWaiters[key] = waiter
    }

    /// Resumes one waiter early: its request was cancelled.
    mutating func resumeIdleWaiter(_ key: Int) {
        idleWaiters.removeValue(forKey: key)?.resume()
    }

    private mutating func resumeIdleWaitersIfIdle() {
        guard busy == 0, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters.values
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
