import Synchronization

/// Hands each committed change to every stream a back-end gave out for its workspace: the
/// in-process half of `StoreBackend.changes()`, which both back-ends share.
package final class StoreChangeFeed: Sendable {
    private let listeners = Mutex<[Int: AsyncStream<StoreChange>.Continuation]>([:])
    private let nextKey = Atomic<Int>(0)

    package init() {}

    /// A stream of the changes published from now on, until its iterator is dropped or its
    /// task cancelled.
    package func subscribe() -> AsyncStream<StoreChange> {
        let key = nextKey.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .bufferingNewest(256))
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: key) }
        }
        listeners.withLock { $0[key] = continuation }
        return stream
    }

    /// Hands `change` to every stream.
    package func publish(_ change: StoreChange) {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(change) }
    }

    /// Ends every stream: the database closed.
    package func finish() {
        for continuation in listeners.withLock({ listeners in defer { listeners = [:] }; return Array(listeners.values) }) {
            continuation.finish()
        }
    }
}
