import ViperCore

/// The conversation's View in the engine: each flow's ViewModel written into what the scene
/// shows, which is then rendered whole (`SceneViewState`).
extension SceneViewState: ChatConversationDisplayLogic where ViewModel == ChatConversationScene.ViewModel {
    func displayLoad(_ viewModel: ChatConversation.Load.ViewModel) async {
        await update {
            $0.messages = viewModel.messages
            $0.errorMessage = viewModel.errorMessage
        }
    }

    func displayInputTextChanged(_ viewModel: ChatConversation.InputTextChanged.ViewModel) async {
        await update {
            $0.inputText = viewModel.inputText
            $0.sendButtonEnabled = viewModel.sendButtonEnabled
            $0.errorMessage = viewModel.errorMessage
        }
    }

    func displaySendButtonTapped(_ viewModel: ChatConversation.SendButtonTapped.ViewModel) async {
        await update {
            if let message = viewModel.message { $0.messages.append(message) }
            $0.inputText = viewModel.inputText
            $0.sendButtonEnabled = viewModel.sendButtonEnabled
            $0.errorMessage = viewModel.errorMessage
        }
    }

    func displayTextMessageReceived(_ viewModel: ChatConversation.TextMessageReceived.ViewModel) async {
        await update { $0.messages.append(viewModel) }
    }

    func displayClockChanged(_ viewModel: ChatConversation.ClockChanged.ViewModel) async {
        await update { $0.messages = viewModel.messages }
    }
}
