public import ViperCore

/// The `chat.conversation` scene, presented over the inbox: the messages, the text
/// being typed, and whether it can be sent. `view.back` (a swipe down) dismisses it as
/// `closeButtonTapped` does.
public enum ChatConversationScene: SceneContract {
    public static let kind: SceneKind = "chat.conversation"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        emptyText: "No messages yet: say hello.",
        labels: ["inputTextChanged": "Message", "inputText": "Message", "sendButtonTapped": "Send", "closeButtonTapped": "Close"],
        roles: [
            "title": .heading, "errorMessage": .error, "messageId": .identifier, "messageHeader": .longText,
            "formattedSentDate": .caption, "isMine": .mine,
        ],
        eventRoles: ["closeButtonTapped": .cancel])

    public enum Event: SceneEvent {
        /// The text being typed changed.
        case inputTextChanged(inputText: String)
        /// Sends the text typed.
        case sendButtonTapped
        /// Closes the conversation; nothing is rendered.
        case closeButtonTapped

        public enum CodingKeys: CodingKey, CaseIterable { case inputTextChanged, sendButtonTapped, closeButtonTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The conversation's title, as given when it was opened.
        public var title: String
        /// Oldest first.
        public var messages: [Message]
        /// The text being typed; empty again once it has been sent.
        public var inputText: String
        /// Whether the text can be sent: not blank, and at most 1000 characters once trimmed.
        public var sendButtonEnabled: Bool
        /// Why the messages could not be loaded, the text cannot be sent, or sending failed.
        public var errorMessage: String?
    }

    /// A message as the conversation shows it, once loaded or received.
    public struct Message: Codable, Sendable, Equatable {
        /// The server's id of the message: a whole number in text, growing across conversations.
        public let messageId: String
        /// What the message says.
        public let messageText: String
        /// The author's name.
        public let messageHeader: String
        /// "Today 09:41", "Yesterday 18:02", else a short date ("Nov 20"), by the session's clock.
        public let formattedSentDate: String
        /// Whether the user wrote it.
        public let isMine: Bool
    }
}

/// The conversation's Presenter, as its Interactor sees it: one method per flow that reaches the View.
protocol ChatConversationPresentationLogic: Sendable {
    func presentLoad(_ response: ChatConversation.Load.Response) async
    func presentInputTextChanged(_ response: ChatConversation.InputTextChanged.Response) async
    func presentSendButtonTapped(_ response: ChatConversation.SendButtonTapped.Response) async
    func presentTextMessageReceived(_ response: ChatConversation.TextMessageReceived.Response) async
    func presentClockChanged(_ response: ChatConversation.ClockChanged.Response) async
}

/// The conversation's View, as its Presenter sees it: one method per flow's ViewModel.
protocol ChatConversationDisplayLogic: Sendable {
    func displayLoad(_ viewModel: ChatConversation.Load.ViewModel) async
    func displayInputTextChanged(_ viewModel: ChatConversation.InputTextChanged.ViewModel) async
    func displaySendButtonTapped(_ viewModel: ChatConversation.SendButtonTapped.ViewModel) async
    func displayTextMessageReceived(_ viewModel: ChatConversation.TextMessageReceived.ViewModel) async
    func displayClockChanged(_ viewModel: ChatConversation.ClockChanged.ViewModel) async
}

/// The conversation's Router, as its Interactor sees it.
protocol ChatConversationRouting: Sendable {
    /// Dismisses the conversation, uncovering the inbox.
    func close() async
}
