import AppTestSupport
import Synchronization

@testable import ChatApp

/// The conversation's Router: counts the times it was asked to close, and notes `close` in `log`.
final class RecordingConversationRouter: ChatConversationRouting {
    private let closes = Mutex(0)
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// How many times `close()` was called.
    var closeCount: Int { closes.withLock { $0 } }

    func close() async {
        closes.withLock { $0 += 1 }
        log?.record("close")
    }
}
