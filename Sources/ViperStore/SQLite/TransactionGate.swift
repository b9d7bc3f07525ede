import Synchronization

/// Lets one transaction at a time onto a connection, first come first served, without a task
/// hop when nobody else is in: SQLite's connection is one, and a transaction that awaits
/// between its statements must not have another's statements run inside it.
final class TransactionGate: Sendable {
    private struct State {
        var isHeld = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits for the gate, then holds it until `leave`.
    func enter() async {
        let enteredAtOnce = state.withLock { state in
            if state.isHeld { return false }
            state.isHeld = true
            return true
        }
        if enteredAtOnce { return }
        await withCheckedContinuation { continuation in
            let enteredMeanwhile = state.withLock { state in
                if state.isHeld {
                    state.waiting.append(continuation)
                    return false
                }
                state.isHeld = true
                return true
            }
            if enteredMeanwhile { continuation.resume() }
        }
    }

    /// Lets the next waiter in, or opens the gate.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.isHeld = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
