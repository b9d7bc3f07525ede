import Synchronization

@testable import ChatApp

/// The inbox's View as its Presenter sees it: keeps what each ViewModel it is asked to display
/// says, in order (its members: see `RecordingConversationPresenter` for why).
final class RecordingInboxDisplay: ChatInboxDisplayLogic {
    /// One ViewModel, with the flow it belongs to.
    enum Displayed: Equatable, Sendable {
        case load(conversations: [ChatInboxScene.Conversation], errorMessage: String?)
        case conversationTapped(ChatInboxScene.Conversation)
        case textMessageReceived(ChatInboxScene.Conversation)
        case feedStatusChanged(errorMessage: String?)
    }

    private let displayed = Mutex<[Displayed]>([])

    init() {}

    /// The ViewModels displayed, in order.
    var viewModels: [Displayed] { displayed.withLock { $0 } }

    func displayLoad(_ viewModel: ChatInbox.Load.ViewModel) async {
        record(.load(conversations: viewModel.conversations, errorMessage: viewModel.errorMessage))
    }

    func displayConversationTapped(_ viewModel: ChatInbox.ConversationTapped.ViewModel) async {
        record(.conversationTapped(viewModel.conversation))
    }

    func displayTextMessageReceived(_ viewModel: ChatInbox.TextMessageReceived.ViewModel) async {
        record(.textMessageReceived(viewModel.conversation))
    }

    func displayFeedStatusChanged(_ viewModel: ChatInbox.FeedStatusChanged.ViewModel) async {
        record(.feedStatusChanged(errorMessage: viewModel.errorMessage))
    }

    private func record(_ viewModel: Displayed) {
        displayed.withLock { $0.append(viewModel) }
    }
}
