import Logging
import NIOCore
import Synchronization

/// Says once, not at every retry, that the listener cannot accept (the process ran out of file
/// descriptors), and once more when it accepts again.
final class AcceptFailureLog: Sendable {
    private let logger: Logger
    private let failing = Atomic<Bool>(false)

    init(logger: Logger) {
        self.logger = logger
    }

    /// Accepting failed with `error`; the listener waits before it tries again.
    func failed(_ error: IOError) {
        guard !failing.exchange(true, ordering: .relaxed) else { return }
        logger.warning(
            "cannot accept connections: \(error). Waiting a second between tries until some close; raise the limit of open files (ulimit -n) or lower --max-sessions")
    }

    /// A connection was accepted.
    func accepted() {
        guard failing.exchange(false, ordering: .relaxed) else { return }
        logger.warning("accepting connections again")
    }
}
