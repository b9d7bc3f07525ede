import AppTestSupport
import Synchronization

@testable import ChatApp

/// The inbox's Router: keeps the conversations it was asked to open, and notes `open <id>` in
/// `log`.
final class RecordingInboxRouter: ChatInboxRouting {
    private let openedInputs = Mutex<[ChatConversationInput]>([])
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// What `openConversation` was given, in order.
    var opened: [ChatConversationInput] { openedInputs.withLock { $0 } }

    func openConversation(_ input: ChatConversationInput) async {
        openedInputs.withLock { $0.append(input) }
        log?.record("open \(input.conversationID)")
    }
}
