import Synchronization

/// Lets transactions onto SQLite's one connection, first come first served, without a task hop
/// when nobody else is in; and lets writers that wait join the write transaction that is open,
/// so that they commit together (group commit).
///
/// A transaction awaits between its statements, so another's statements must not run inside
/// it: the gate admits one at a time. A writer that finds a write transaction open waits; when
/// the transaction's writer is done with its own statements, it hands the still open
/// transaction to the waiting writers one after the other (`nextJoiner`), then commits for all.
/// One `fsync` then makes many saves durable where each would pay its own.
final class TransactionGate: Sendable {
    /// How a transaction was let in.
    enum Admission {
        /// It has the connection to itself: it begins and ends its transaction.
        case alone
        /// It joined the write transaction `batch` leads, and does not commit it itself.
        case joined(GroupCommit)
    }

    private struct Waiter {
        let isWriter: Bool
        let continuation: CheckedContinuation<Admission, Never>
    }

    private struct State {
        var isHeld = false
        var waiting: [Waiter] = []
    }

    private let state = Mutex(State())

    /// Waits for the gate; a writer may be let into an open write transaction instead.
    func enter(writing: Bool) async -> Admission {
        let enteredAtOnce = state.withLock { state in
            if state.isHeld { return false }
            state.isHeld = true
            return true
        }
        if enteredAtOnce { return .alone }
        return await withCheckedContinuation { continuation in
            let enteredMeanwhile = state.withLock { state in
                if state.isHeld {
                    state.waiting.append(Waiter(isWriter: writing, continuation: continuation))
                    return false
                }
                state.isHeld = true
                return true
            }
            if enteredMeanwhile { continuation.resume(returning: .alone) }
        }
    }

    /// The first waiting writer, let into `batch`'s transaction; nil when no writer waits.
    func nextJoiner(of batch: GroupCommit) -> Bool {
        let writer = state.withLock { state -> Waiter? in
            guard let index = state.waiting.firstIndex(where: \.isWriter) else { return nil }
            return state.waiting.remove(at: index)
        }
        writer?.continuation.resume(returning: .joined(batch))
        return writer != nil
    }

    /// How many transactions wait now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Lets the next waiter in alone, or opens the gate.
    func leave() {
        let next = state.withLock { state -> Waiter? in
            if state.waiting.isEmpty {
                state.isHeld = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .alone)
    }
}
