import AppTestSupport
import Synchronization

@testable import ChatApp

/// The notifications a chat Interactor subscribes to, as a test plays them: it keeps every
/// handler subscribed (noting `subscribe` in `log`), and `post(_:)` hands an event to each, as
/// the session's bus does.
final class StubChatNotifications: ChatNotifications {
    private let handlers = Mutex<[@Sendable (ChatMessageReceived) async -> Void]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// How many handlers subscribed.
    var subscriptions: Int { handlers.withLock { $0.count } }

    func subscribe(_ handler: @escaping @Sendable (ChatMessageReceived) async -> Void) async {
        handlers.withLock { $0.append(handler) }
        log?.record("subscribe")
    }

    /// Hands `event` to every handler subscribed, in the order they subscribed, and returns once
    /// each has handled it.
    func post(_ event: ChatMessageReceived) async {
        let subscribed: [@Sendable (ChatMessageReceived) async -> Void] = handlers.withLock { $0 }
        for handler in subscribed {
            await handler(event)
        }
    }
}
