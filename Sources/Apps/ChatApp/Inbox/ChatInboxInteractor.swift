import ViperCore

/// The inbox's business logic, and the role the View talks to (VIP): it lists the
/// conversations, starts the live feed once it knows the newest message, counts what arrives
/// for conversations that are not open, and opens the one tapped.
actor ChatInboxInteractor: EventHandler {
    typealias Scene = ChatInboxScene

    private let service: any ChatService
    /// The user's name: their own messages are never unread.
    private let author: String
    private let notifications: any ChatNotifications
    private let feed: any ChatFeedStarting
    private let presenter: any ChatInboxPresentationLogic
    private let router: any ChatInboxRouting
    private var conversations: [ConversationSummary] = []
    /// The conversation presented over the inbox, whose messages are read as they arrive.
    private var openConversation: String?
    /// Ids of the messages the bus brought, so that one brought twice counts once.
    private var received: Set<String> = []
    private var feedStarted = false

    init(
        service: any ChatService, author: String, notifications: any ChatNotifications, feed: any ChatFeedStarting,
        presenter: any ChatInboxPresentationLogic, router: any ChatInboxRouting
    ) {
        self.service = service
        self.author = author
        self.notifications = notifications
        self.feed = feed
        self.presenter = presenter
        self.router = router
    }

    // MARK: - The engine's calls

    func sceneDidAppear() async {
        await notifications.subscribe { [self] event in await textMessageReceived(event) }
        await load(ChatInbox.Load.Request())
    }

    func refusal(of event: ChatInboxScene.Event) async -> EventRefusal? {
        guard case .conversationTapped(let id) = event, !conversations.contains(where: { $0.id == id }) else { return nil }
        let known = conversations.map(\.id).joined(separator: ", ")
        return EventRefusal(field: "conversationId", reason: "is not a conversation of the inbox: '\(id)' (it lists \(known.isEmpty ? "none" : known))")
    }

    func handle(_ event: ChatInboxScene.Event) async {
        switch event {
        case .conversationTapped(let id): await conversationTapped(ChatInbox.ConversationTapped.Request(conversationId: id))
        case .refreshTapped: await load(ChatInbox.Load.Request())
        }
    }

    func sceneDidReappear() async {
        // The conversation was closed; what the user sent there is its newest message now.
        openConversation = nil
        await load(ChatInbox.Load.Request())
    }

    // MARK: - Flows

    func load(_ request: ChatInbox.Load.Request) async {
        do {
            let listed = try await service.conversations()
            conversations = listed.map { conversation in
                var merged = conversation
                if let known = conversations.first(where: { $0.id == conversation.id }) {
                    merged.unreadCount = known.unreadCount
                    merged.lastMessage = Self.newer(known.lastMessage, conversation.lastMessage)
                }
                return merged
            }
            await presenter.presentLoad(ChatInbox.Load.Response(conversations: conversations, failure: nil))
            await startFeedOnce()
        } catch {
            await presenter.presentLoad(ChatInbox.Load.Response(conversations: conversations, failure: error))
        }
    }

    func conversationTapped(_ request: ChatInbox.ConversationTapped.Request) async {
        guard let index = conversations.firstIndex(where: { $0.id == request.conversationId }) else { return }
        openConversation = request.conversationId
        if conversations[index].unreadCount > 0 {
            conversations[index].unreadCount = 0
            await presenter.presentConversationTapped(ChatInbox.ConversationTapped.Response(conversation: conversations[index]))
        }
        await router.openConversation(ChatConversationInput(conversationID: conversations[index].id, title: conversations[index].title))
    }

    func textMessageReceived(_ event: ChatMessageReceived) async {
        // A conversation the inbox does not list is none of the user's.
        guard let index = conversations.firstIndex(where: { $0.id == event.conversationId }),
            received.insert(event.messageId).inserted
        else { return }
        let message = event.message
        conversations[index].lastMessage = Self.newer(conversations[index].lastMessage, message)
        if openConversation != event.conversationId, message.author != author {
            conversations[index].unreadCount += 1
        }
        await presenter.presentTextMessageReceived(ChatInbox.TextMessageReceived.Response(conversation: conversations[index]))
    }

    func feedStatusChanged(_ status: ChatFeedStatus) async {
        await presenter.presentFeedStatusChanged(ChatInbox.FeedStatusChanged.Response(status: status))
    }

    // MARK: -

    /// The feed starts after the first listing that worked, from the newest message listed.
    private func startFeedOnce() async {
        guard !feedStarted else { return }
        feedStarted = true
        let newest = conversations.compactMap { $0.lastMessage?.sequence }.max() ?? 0
        await feed.start(after: newest) { [self] status in await feedStatusChanged(status) }
    }

    /// The later of two messages, by the server's numbering; a message with no number loses.
    private static func newer(_ first: ChatMessage?, _ second: ChatMessage?) -> ChatMessage? {
        guard let first else { return second }
        guard let second else { return first }
        return (second.sequence ?? .min) > (first.sequence ?? .min) ? second : first
    }
}
