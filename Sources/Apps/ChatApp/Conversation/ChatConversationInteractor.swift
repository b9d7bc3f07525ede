import ViperCore

/// The conversation's business logic, and the role the View talks to (VIP): it loads the
/// messages, checks the text as it is typed, sends it once, closes, and shows what arrives on
/// the bus for this conversation.
actor ChatConversationInteractor: EventHandler {
    typealias Scene = ChatConversationScene

    private let conversation: ChatConversationInput
    private let service: any ChatService
    /// The user's name, which their messages carry.
    private let author: String
    private let notifications: any ChatNotifications
    private let presenter: any ChatConversationPresentationLogic
    private let router: any ChatConversationRouting
    private var messages: [ChatMessage] = []
    /// Ids of every message shown, so that one that arrives twice is shown once.
    private var shown: Set<String> = []
    private var draft = MessageDraft(text: "")

    init(
        conversation: ChatConversationInput, service: any ChatService, author: String, notifications: any ChatNotifications,
        presenter: any ChatConversationPresentationLogic, router: any ChatConversationRouting
    ) {
        self.conversation = conversation
        self.service = service
        self.author = author
        self.notifications = notifications
        self.presenter = presenter
        self.router = router
    }

    // MARK: - The engine's calls

    func sceneDidAppear() async {
        // Subscribed first, so that nothing that arrives while the messages load is missed.
        await notifications.subscribe { [self] event in await textMessageReceived(event) }
        await load(ChatConversation.Load.Request())
    }

    func handle(_ event: ChatConversationScene.Event) async {
        switch event {
        case .inputTextChanged(let text): await inputTextChanged(ChatConversation.InputTextChanged.Request(inputText: text))
        case .sendButtonTapped: await sendButtonTapped(ChatConversation.SendButtonTapped.Request())
        case .closeButtonTapped: await closeButtonTapped(ChatConversation.CloseButtonTapped.Request())
        }
    }

    func clockDidChange() async {
        await presenter.presentClockChanged(ChatConversation.ClockChanged.Response(messages: messages))
    }

    // MARK: - Flows

    func load(_ request: ChatConversation.Load.Request) async {
        do {
            let loaded = try await service.messages(in: conversation.conversationID)
            let loadedIDs = Set(loaded.map(\.id))
            // What the bus brought while the messages loaded, and they do not hold, comes after them.
            messages = loaded + messages.filter { !loadedIDs.contains($0.id) }
            shown.formUnion(loadedIDs)
            await presenter.presentLoad(ChatConversation.Load.Response(messages: messages, failure: nil))
        } catch {
            await presenter.presentLoad(ChatConversation.Load.Response(messages: messages, failure: error))
        }
    }

    func inputTextChanged(_ request: ChatConversation.InputTextChanged.Request) async {
        draft = MessageDraft(text: request.inputText)
        await presenter.presentInputTextChanged(ChatConversation.InputTextChanged.Response(
            inputText: draft.text, minimumLengthReached: draft.minimumLengthReached, maximumLengthExceeded: draft.maximumLengthExceeded))
    }

    func sendButtonTapped(_ request: ChatConversation.SendButtonTapped.Request) async {
        // The button is disabled: a tap on it sends nothing, and what the input says stays.
        guard draft.isSendable else { return }
        let sending = draft
        // Taken out of the input before the send, so that a second tap while it runs finds
        // nothing to send: a message is never sent twice.
        draft = MessageDraft(text: "")
        do {
            let message = try await service.send(String(sending.text.trimmingWhitespace), to: conversation.conversationID, as: author)
            let isNew = shown.insert(message.id).inserted
            if isNew { messages.append(message) }
            await presenter.presentSendButtonTapped(ChatConversation.SendButtonTapped.Response(
                message: isNew ? message : nil, inputText: draft.text, failure: nil))
        } catch {
            // The text stays to be sent again, unless the user typed something else meanwhile.
            if draft.text.isEmpty { draft = sending }
            await presenter.presentSendButtonTapped(ChatConversation.SendButtonTapped.Response(message: nil, inputText: draft.text, failure: error))
        }
    }

    func closeButtonTapped(_ request: ChatConversation.CloseButtonTapped.Request) async {
        await router.close()
    }

    func textMessageReceived(_ event: ChatMessageReceived) async {
        guard event.conversationId == conversation.conversationID, shown.insert(event.messageId).inserted else { return }
        let message = event.message
        messages.append(message)
        await presenter.presentTextMessageReceived(ChatConversation.TextMessageReceived.Response(
            messageId: message.id, message: message.text, author: message.author, sentDate: message.sentAt, isMine: message.author == author))
    }
}
