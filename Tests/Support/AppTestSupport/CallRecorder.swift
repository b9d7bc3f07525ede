import Synchronization

/// What a test double was called with, in order, each call also noted in `log` as it comes:
/// the Presenters' Responses, the Routers' closes.
public final class CallRecorder<Call: Sendable>: Sendable {
    private let calls = Mutex<[Call]>([])
    private let log: EventLog?

    public init(log: EventLog? = nil) {
        self.log = log
    }

    /// Every call so far, in order.
    public var all: [Call] { calls.withLock { $0 } }

    public func record(_ call: Call, noting entry: String) {
        calls.withLock { $0.append(call) }
        log?.record(entry)
    }

    /// Forgets the calls so far, so a test sees only what follows.
    public func clear() {
        calls.withLock { $0.removeAll() }
    }
}
