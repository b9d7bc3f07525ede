/// Whose turn it is: the requests waiting in arrival order, the one running, the task that runs
/// them one after another, and the callers waiting for the session to settle or for room in
/// the queue.
///
/// The session decides what running a request means; this type only keeps the turns.
struct RequestScheduler {
    /// How many lines may wait for their turn before a transport waits for room, so that a
    /// client pouring input in is slowed by the pipe instead of filling the memory.
    static let queueLimit = 1024

    private var queue = RequestQueue()
    private(set) var running: RunningRequest?
    private var runner: Task<Void, Never>?
    /// Callers waiting for the session to settle.
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Callers waiting for room in the queue.
    private var roomWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether a line may be queued now without waiting for room.
    var hasRoom: Bool { queue.count < Self.queueLimit }

    /// Nothing is queued and nothing runs.
    var isIdle: Bool { running == nil && queue.isEmpty }

    /// Nothing is left to do for the View's lines so far: no request runs or waits, or the one
    /// running waits for the client's reply.
    var isSettled: Bool {
        guard let running else { return queue.isEmpty }
        return running.awaitedReplies > 0
    }

    // MARK: - The queue

    /// Queues a line; returns true when no runner is at work, so the caller must start one.
    mutating func enqueue(_ item: RequestQueue.Item) -> Bool {
        queue.append(item)
        return runner == nil
    }

    /// The runner the caller started; it runs until `runnerEnded`.
    mutating func started(runner: Task<Void, Never>) {
        self.runner = runner
    }

    /// The runner stopped; returns true when lines are left, so the caller must start another.
    mutating func runnerEnded() -> Bool {
        runner = nil
        return !queue.isEmpty
    }

    /// The next line in its turn. Lets waiting transports go on once the queue is down to half
    /// its limit, not at every line: resumed for each, the transport and the runner took turns
    /// at the session, a thread switch per request.
    mutating func next() -> RequestQueue.Item? {
        guard let item = queue.popFirst() else { return nil }
        if !roomWaiters.isEmpty, queue.count <= Self.queueLimit / 2 {
            let waiters = roomWaiters
            roomWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
        return item
    }

    /// Empties the queue: the engine is stopping, and answers only the request running.
    mutating func dropQueued() {
        _ = queue.removeAll()
    }

    /// Marks the queued requests `matches` picks (given each request and its superseding key)
    /// as cancelled: they are answered -32800 in their turn, without running.
    mutating func cancelQueued(where matches: (IncomingRequest, SupersedingKey?) -> Bool) {
        queue.cancel(where: matches)
    }

    // MARK: - The request running

    mutating func begin(_ request: IncomingRequest, supersedingKey: SupersedingKey?) {
        running = RunningRequest(request: request, supersedingKey: supersedingKey)
    }

    /// The request ran; returns what the session learned of it meanwhile.
    mutating func end() -> RunningRequest? {
        defer { running = nil }
        return running
    }

    /// Marks the running request cancelled and cancels its task; false when none runs or it
    /// was cancelled already.
    mutating func cancelRunning() -> Bool {
        guard running?.isCancelled == false else { return false }
        running?.isCancelled = true
        runner?.cancel()
        return true
    }

    /// The running request sent the client a request and waits for its reply (or gave up on it).
    mutating func awaitsReply(_ waits: Bool) {
        running?.awaitedReplies += waits ? 1 : -1
    }

    /// Whether lines background work writes now wait for the running request's response.
    var holdsBackgroundOutput: Bool { running?.holdsBackgroundOutput == true }

    /// Lets background output through before the response (`engine.idle`).
    mutating func releaseBackgroundOutput() {
        running?.holdsBackgroundOutput = false
    }

    /// A render the running request caused was too long to write; its answer will say so.
    mutating func refuseRender(of scene: String, length: Int) {
        running?.refusedRender = (scene, length)
    }

    // MARK: - Waiting

    mutating func waitForRoom(_ waiter: CheckedContinuation<Void, Never>) {
        roomWaiters.append(waiter)
    }

    mutating func waitUntilSettled(_ waiter: CheckedContinuation<Void, Never>) {
        settleWaiters.append(waiter)
    }

    /// Resumes those waiting for the session to settle, when it has.
    mutating func resumeSettleWaiters() {
        guard isSettled, !settleWaiters.isEmpty else { return }
        let waiters = settleWaiters
        settleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
