import AppTestSupport
import Synchronization

@testable import ChatApp

/// The live feed as the inbox starts it: records each start (`after`), notes
/// `feed start after <n>` in `log`, and keeps the `statusChanged` callback so that a test can
/// report a status with `report(_:)`.
final class StubChatFeed: ChatFeedStarting {
    private struct State {
        var starts: [Int] = []
        var statusChanged: (@Sendable (ChatFeedStatus) async -> Void)?
    }

    private let state = Mutex(State())
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// The `after` of each start, in order.
    var starts: [Int] { state.withLock { $0.starts } }

    func start(after sequence: Int, statusChanged: @escaping @Sendable (ChatFeedStatus) async -> Void) async {
        state.withLock { state in
            state.starts.append(sequence)
            state.statusChanged = statusChanged
        }
        log?.record("feed start after \(sequence)")
    }

    /// Tells the latest start's `statusChanged` that the feed is now `status`, as the running
    /// feed would; nothing when the feed was never started.
    func report(_ status: ChatFeedStatus) async {
        let statusChanged: (@Sendable (ChatFeedStatus) async -> Void)? = state.withLock { $0.statusChanged }
        await statusChanged?(status)
    }
}
