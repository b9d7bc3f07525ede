import Synchronization

/// Makes chosen operations fail once, on request, so tests can play failure stories over the
/// wire (`debug.injectFault`). Each session has its own; engines started without fault
/// injection have none at all, so no product path consults one.
public final class FaultInjector: Sendable {
    private let armed = Mutex<[String: String]>([:])

    /// An injector with nothing armed.
    public init() {}

    /// Makes the next run of `operation` fail with `message`.
    public func arm(_ operation: String, message: String) {
        armed.withLock { $0[operation] = message }
    }

    /// Throws the failure armed for `operation`, once, if there is one.
    public func check(_ operation: String) throws(InjectedFault) {
        if let message = armed.withLock({ $0.removeValue(forKey: operation) }) {
            throw InjectedFault(operation: operation, message: message)
        }
    }
}

/// A failure made on purpose by `debug.injectFault`.
public struct InjectedFault: Error, Sendable, CustomStringConvertible {
    /// The operation that failed.
    public let operation: String
    /// The message the test asked for.
    public let message: String

    public var description: String { message }
}
