/// Wakes the chat's long polls when a message arrives, and keeps Ada's pending replies so that
/// stopping the server ends them too.
///
/// A poll reads the room's `version` before it looks for messages and waits only if the version
/// is still the same, so a message that lands between the look and the wait is never missed.
actor ChatRoom {
    private(set) var version = 0
    private var waiters: [Int: (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>)] = [:]
    private var nextWaiter = 0
    private var replies: [Int: Task<Void, Never>] = [:]
    private var nextReply = 0
    private var isClosed = false

    /// How many polls are waiting now.
    var waiting: Int { waiters.count }

    /// Tells every waiting poll that the messages changed.
    func changed() {
        version += 1
        for waiter in waiters.values {
            waiter.timer.cancel()
            waiter.continuation.resume()
        }
        waiters.removeAll()
    }

    /// Returns when the messages change after `seen`, or after `timeout`, or when the room closes.
    func waitForChange(after seen: Int, timeout: Duration) async {
        guard !isClosed, version == seen, timeout > .zero else { return }
        let id = nextWaiter
        nextWaiter += 1
        await withCheckedContinuation { continuation in
            let timer = Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { self.expire(id) }
            }
            waiters[id] = (continuation, timer)
        }
    }

    /// Runs `reply` after `delay`, unless the room closes first.
    func schedule(after delay: Duration, _ reply: @escaping @Sendable () async -> Void) {
        guard !isClosed else { return }
        let id = nextReply
        nextReply += 1
        replies[id] = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await reply()
            self.replyFinished(id)
        }
    }

    /// Ends every poll and pending reply; later polls return at once.
    func close() {
        isClosed = true
        for task in replies.values { task.cancel() }
        replies.removeAll()
        for waiter in waiters.values {
            waiter.timer.cancel()
            waiter.continuation.resume()
        }
        waiters.removeAll()
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }

    private func replyFinished(_ id: Int) {
        replies[id] = nil
    }
}
