import Synchronization

/// Hands each committed change to every stream a back-end gave out for its workspace: the
/// in-process half of `StoreBackend.changes(where:keepingNewest:)`, which both back-ends share.
package final class StoreChangeFeed: Sendable {
    private struct Listener {
        let wants: @Sendable (StoreChange) -> Bool
        let continuation: AsyncStream<StoreChange>.Continuation
    }

    private let listeners = Mutex<[Int: Listener]>([:])
    private let nextKey = Atomic<Int>(0)

    package init() {}

    /// A stream of the changes published from now on that `wants` keeps, at most `buffered` of
    /// them waiting (the newest), until its iterator is dropped or its task cancelled.
    ///
    /// The filter runs here, as each change is published, so that the stream is the listener's
    /// own: no task of its own relays it, and nothing of it outlives the task iterating it.
    package func subscribe(where wants: @escaping @Sendable (StoreChange) -> Bool, keepingNewest buffered: Int) -> AsyncStream<StoreChange> {
        let key = nextKey.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .bufferingNewest(buffered))
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: key) }
        }
        listeners.withLock { $0[key] = Listener(wants: wants, continuation: continuation) }
        return stream
    }

    /// How many streams are open: none once every task that iterated one has ended.
    package var listenerCount: Int {
        listeners.withLock { $0.count }
    }

    /// Hands `change` to every stream that wants it.
    package func publish(_ change: StoreChange) {
        for listener in listeners.withLock({ Array($0.values) }) where listener.wants(change) {
            listener.continuation.yield(change)
        }
    }

    /// Ends every stream: the database closed.
    package func finish() {
        for listener in listeners.withLock({ listeners in defer { listeners = [:] }; return Array(listeners.values) }) {
            listener.continuation.finish()
        }
    }
}
