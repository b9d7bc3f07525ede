/// Maps the conversation's Responses to ViewModels: each message with its author and when it
/// was sent, the send button enabled for a text that can be sent, and failures in words that
/// name their cause.
struct ChatConversationPresenter: ChatConversationPresentationLogic {
    let display: any ChatConversationDisplayLogic
    /// The user's name: their messages are theirs.
    let author: String
    let dates: SentDateFormat

    func presentLoad(_ response: ChatConversation.Load.Response) async {
        await display.displayLoad(ChatConversation.Load.ViewModel(
            messages: response.messages.map(message), errorMessage: response.failure.map(ChatMessages.text)))
    }

    func presentInputTextChanged(_ response: ChatConversation.InputTextChanged.Response) async {
        await display.displayInputTextChanged(ChatConversation.InputTextChanged.ViewModel(
            inputText: response.inputText,
            sendButtonEnabled: response.minimumLengthReached && !response.maximumLengthExceeded,
            errorMessage: response.maximumLengthExceeded ? ChatMessages.tooLong(MessageDraft(text: response.inputText).length) : nil))
    }

    func presentSendButtonTapped(_ response: ChatConversation.SendButtonTapped.Response) async {
        await display.displaySendButtonTapped(ChatConversation.SendButtonTapped.ViewModel(
            message: response.message.map(message), inputText: response.inputText,
            sendButtonEnabled: MessageDraft(text: response.inputText).isSendable, errorMessage: response.failure.map(ChatMessages.text)))
    }

    func presentTextMessageReceived(_ response: ChatConversation.TextMessageReceived.Response) async {
        await display.displayTextMessageReceived(ChatConversation.TextMessageReceived.ViewModel(
            messageId: response.messageId, messageText: response.message, messageHeader: response.author,
            formattedSentDate: dates.text(response.sentDate), isMine: response.isMine))
    }

    func presentClockChanged(_ response: ChatConversation.ClockChanged.Response) async {
        await display.displayClockChanged(ChatConversation.ClockChanged.ViewModel(messages: response.messages.map(message)))
    }

    private func message(_ message: ChatMessage) -> ChatConversationScene.Message {
        ChatConversationScene.Message(
            messageId: message.id, messageText: message.text, messageHeader: message.author,
            formattedSentDate: dates.text(message.sentAt), isMine: message.author == author)
    }
}
