/// Maps the inbox's Responses to ViewModels: a conversation's newest message as its text, and
/// failures in words that name their cause.
struct ChatInboxPresenter: ChatInboxPresentationLogic {
    let display: any ChatInboxDisplayLogic

    func presentLoad(_ response: ChatInbox.Load.Response) async {
        await display.displayLoad(ChatInbox.Load.ViewModel(
            conversations: response.conversations.map(Self.row), errorMessage: response.failure.map(ChatMessages.text)))
    }

    func presentConversationTapped(_ response: ChatInbox.ConversationTapped.Response) async {
        await display.displayConversationTapped(ChatInbox.ConversationTapped.ViewModel(conversation: Self.row(response.conversation)))
    }

    func presentTextMessageReceived(_ response: ChatInbox.TextMessageReceived.Response) async {
        await display.displayTextMessageReceived(ChatInbox.TextMessageReceived.ViewModel(conversation: Self.row(response.conversation)))
    }

    func presentFeedStatusChanged(_ response: ChatInbox.FeedStatusChanged.Response) async {
        let message: String? = switch response.status {
        case .live: nil
        case .interrupted(let failure, let delay): ChatMessages.feedInterrupted(failure, retryIn: delay)
        }
        await display.displayFeedStatusChanged(ChatInbox.FeedStatusChanged.ViewModel(errorMessage: message))
    }

    private static func row(_ conversation: ConversationSummary) -> ChatInboxScene.Conversation {
        ChatInboxScene.Conversation(
            conversationId: conversation.id, title: conversation.title, lastMessage: conversation.lastMessage?.text,
            unreadCount: conversation.unreadCount)
    }
}
