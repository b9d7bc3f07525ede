import ViperCore

/// The inbox's View in the engine: each flow's ViewModel written into what the scene shows,
/// which is then rendered whole (`SceneViewState`).
extension SceneViewState: ChatInboxDisplayLogic where ViewModel == ChatInboxScene.ViewModel {
    func displayLoad(_ viewModel: ChatInbox.Load.ViewModel) async {
        await update {
            $0.conversations = viewModel.conversations
            $0.errorMessage = viewModel.errorMessage
        }
    }

    func displayConversationTapped(_ viewModel: ChatInbox.ConversationTapped.ViewModel) async {
        await replace(viewModel.conversation)
    }

    func displayTextMessageReceived(_ viewModel: ChatInbox.TextMessageReceived.ViewModel) async {
        await replace(viewModel.conversation)
    }

    func displayFeedStatusChanged(_ viewModel: ChatInbox.FeedStatusChanged.ViewModel) async {
        await update { $0.errorMessage = viewModel.errorMessage }
    }

    /// Shows `conversation` in place of the row with its id.
    private func replace(_ conversation: ChatInboxScene.Conversation) async {
        await update { shown in
            guard let index = shown.conversations.firstIndex(where: { $0.conversationId == conversation.conversationId }) else { return }
            shown.conversations[index] = conversation
        }
    }
}
