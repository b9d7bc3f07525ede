public import ViperCore

/// The `chat.inbox` scene, the chat's root: the conversations, each with its newest message and
/// how many messages of others arrived while it was not open.
public enum ChatInboxScene: SceneContract {
    public static let kind: SceneKind = "chat.inbox"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Chats",
        emptyText: "No conversations yet.",
        labels: ["conversationTapped": "Open", "refreshTapped": "Refresh", "unreadCount": "Unread"],
        roles: [
            "conversationId": .identifier, "title": .heading, "lastMessage": .longText, "unreadCount": .count, "errorMessage": .error,
        ],
        eventRoles: ["refreshTapped": .secondary])

    public enum Event: SceneEvent {
        /// Presents the conversation `conversationId`.
        case conversationTapped(conversationId: String)
        /// Lists the conversations again, after a failure.
        case refreshTapped

        public enum CodingKeys: CodingKey, CaseIterable { case conversationTapped, refreshTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The conversations, as the chat Service lists them.
        public var conversations: [Conversation]
        /// Why the list could not be loaded, or why new messages are not arriving.
        public var errorMessage: String?
    }

    /// A conversation of the list.
    public struct Conversation: Codable, Sendable, Equatable {
        /// The server's conversation id (`ada`), as `conversationTapped` names it.
        public let conversationId: String
        /// The conversation's title, as the server names it ("Ada").
        public let title: String
        /// The newest message's text; nil in a conversation with none.
        public let lastMessage: String?
        /// Messages of others that arrived while the conversation was not open; 0 once opened.
        public let unreadCount: Int
    }
}

/// The inbox's Presenter, as its Interactor sees it: one method per flow that reaches the View.
protocol ChatInboxPresentationLogic: Sendable {
    func presentLoad(_ response: ChatInbox.Load.Response) async
    func presentConversationTapped(_ response: ChatInbox.ConversationTapped.Response) async
    func presentTextMessageReceived(_ response: ChatInbox.TextMessageReceived.Response) async
    func presentFeedStatusChanged(_ response: ChatInbox.FeedStatusChanged.Response) async
}

/// The inbox's View, as its Presenter sees it: one method per flow's ViewModel.
protocol ChatInboxDisplayLogic: Sendable {
    func displayLoad(_ viewModel: ChatInbox.Load.ViewModel) async
    func displayConversationTapped(_ viewModel: ChatInbox.ConversationTapped.ViewModel) async
    func displayTextMessageReceived(_ viewModel: ChatInbox.TextMessageReceived.ViewModel) async
    func displayFeedStatusChanged(_ viewModel: ChatInbox.FeedStatusChanged.ViewModel) async
}

/// The inbox's Router, as its Interactor sees it.
protocol ChatInboxRouting: Sendable {
    /// Presents the conversation `input` names.
    func openConversation(_ input: ChatConversationInput) async
}
