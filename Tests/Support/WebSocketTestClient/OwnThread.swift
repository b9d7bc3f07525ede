import Foundation

/// Runs `body`, which blocks (it waits for processes over pipes), on a thread of its own and
/// awaits it. Run on the test's own thread, such a body holds one of the cooperative pool's
/// threads, two on this machine, for seconds: the loopback servers and timers of the suites
/// running beside it then starve, and their tests time out. An expectation that fails in `body`
/// still fails the run, with its file and line, though the report names the test «unknown».
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
