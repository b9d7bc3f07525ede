import Synchronization

/// One piece of a probe module's state, shared by value-type handlers.
final class ProbeState<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value { storage.withLock { $0 } }

    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// Changes the value and returns the new one.
    @discardableResult
    func update(_ change: (inout Value) -> Void) -> Value {
        storage.withLock { value in
            change(&value)
            return value
        }
    }
}
