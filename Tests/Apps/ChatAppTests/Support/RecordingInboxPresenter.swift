import AppTestSupport

@testable import ChatApp

/// An inbox Presenter that keeps what each Response it is given says, in order (its members:
/// see `RecordingConversationPresenter` for why), and notes the method (`presentLoad`,
/// `presentConversationTapped`, …) in `log`.
final class RecordingInboxPresenter: ChatInboxPresentationLogic {
    /// One Response, with the flow it belongs to.
    enum Presented: Equatable, Sendable {
        case load(conversations: [ConversationSummary], failure: ChatFailure?)
        case conversationTapped(ConversationSummary)
        case textMessageReceived(ConversationSummary)
        case feedStatusChanged(ChatFeedStatus)
    }

    private let presented: CallRecorder<Presented>

    init(log: EventLog? = nil) {
        presented = CallRecorder(log: log)
    }

    /// The Responses presented, in order.
    var responses: [Presented] { presented.all }

    /// Forgets what was presented, so a test sees only what follows.
    func clear() {
        presented.clear()
    }

    func presentLoad(_ response: ChatInbox.Load.Response) async {
        record(.load(conversations: response.conversations, failure: response.failure), as: "presentLoad")
    }

    func presentConversationTapped(_ response: ChatInbox.ConversationTapped.Response) async {
        record(.conversationTapped(response.conversation), as: "presentConversationTapped")
    }

    func presentTextMessageReceived(_ response: ChatInbox.TextMessageReceived.Response) async {
        record(.textMessageReceived(response.conversation), as: "presentTextMessageReceived")
    }

    func presentFeedStatusChanged(_ response: ChatInbox.FeedStatusChanged.Response) async {
        record(.feedStatusChanged(response.status), as: "presentFeedStatusChanged")
    }

    private func record(_ response: Presented, as entry: String) {
        presented.record(response, noting: entry)
    }
}
