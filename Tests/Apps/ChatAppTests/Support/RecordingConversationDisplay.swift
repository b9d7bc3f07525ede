import Synchronization

@testable import ChatApp

/// The conversation's View as its Presenter sees it: keeps what each ViewModel it is asked to
/// display says, in order (its members: see `RecordingConversationPresenter` for why).
final class RecordingConversationDisplay: ChatConversationDisplayLogic {
    /// One ViewModel, with the flow it belongs to.
    enum Displayed: Equatable, Sendable {
        case load(messages: [ChatConversationScene.Message], errorMessage: String?)
        case inputTextChanged(inputText: String, sendButtonEnabled: Bool, errorMessage: String?)
        case sendButtonTapped(message: ChatConversationScene.Message?, inputText: String, sendButtonEnabled: Bool, errorMessage: String?)
        case textMessageReceived(ChatConversationScene.Message)
        case clockChanged(messages: [ChatConversationScene.Message])
    }

    private let displayed = Mutex<[Displayed]>([])

    init() {}

    /// The ViewModels displayed, in order.
    var viewModels: [Displayed] { displayed.withLock { $0 } }

    func displayLoad(_ viewModel: ChatConversation.Load.ViewModel) async {
        record(.load(messages: viewModel.messages, errorMessage: viewModel.errorMessage))
    }

    func displayInputTextChanged(_ viewModel: ChatConversation.InputTextChanged.ViewModel) async {
        record(
            .inputTextChanged(
                inputText: viewModel.inputText, sendButtonEnabled: viewModel.sendButtonEnabled, errorMessage: viewModel.errorMessage))
    }

    func displaySendButtonTapped(_ viewModel: ChatConversation.SendButtonTapped.ViewModel) async {
        record(
            .sendButtonTapped(
                message: viewModel.message, inputText: viewModel.inputText, sendButtonEnabled: viewModel.sendButtonEnabled,
                errorMessage: viewModel.errorMessage))
    }

    func displayTextMessageReceived(_ viewModel: ChatConversation.TextMessageReceived.ViewModel) async {
        record(.textMessageReceived(viewModel))
    }

    func displayClockChanged(_ viewModel: ChatConversation.ClockChanged.ViewModel) async {
        record(.clockChanged(messages: viewModel.messages))
    }

    private func record(_ viewModel: Displayed) {
        displayed.withLock { $0.append(viewModel) }
    }
}
