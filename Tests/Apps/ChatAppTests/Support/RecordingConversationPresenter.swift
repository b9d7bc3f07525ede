import AppTestSupport
import Foundation

@testable import ChatApp

/// A conversation Presenter that keeps what each Response it is given says, in order, and notes
/// the method (`presentLoad`, `presentSendButtonTapped`, …) in `log`.
///
/// It keeps the Responses' members rather than the Responses: the flows' types are not declared
/// `Sendable`, and Swift infers no `Sendable` conformance for another module's types, while
/// their members' types all are.
final class RecordingConversationPresenter: ChatConversationPresentationLogic {
    /// One Response, with the flow it belongs to.
    enum Presented: Equatable, Sendable {
        case load(messages: [ChatMessage], failure: ChatFailure?)
        case inputTextChanged(inputText: String, minimumLengthReached: Bool, maximumLengthExceeded: Bool)
        case sendButtonTapped(message: ChatMessage?, inputText: String, failure: ChatFailure?)
        case textMessageReceived(messageId: String, message: String, author: String, sentDate: Date, isMine: Bool)
        case clockChanged(messages: [ChatMessage])
    }

    private let presented: CallRecorder<Presented>

    init(log: EventLog? = nil) {
        presented = CallRecorder(log: log)
    }

    /// The Responses presented, in order.
    var responses: [Presented] { presented.all }

    /// Forgets what was presented, so a test sees only what follows.
    func clear() {
        presented.clear()
    }

    func presentLoad(_ response: ChatConversation.Load.Response) async {
        record(.load(messages: response.messages, failure: response.failure), as: "presentLoad")
    }

    func presentInputTextChanged(_ response: ChatConversation.InputTextChanged.Response) async {
        record(
            .inputTextChanged(
                inputText: response.inputText, minimumLengthReached: response.minimumLengthReached,
                maximumLengthExceeded: response.maximumLengthExceeded),
            as: "presentInputTextChanged")
    }

    func presentSendButtonTapped(_ response: ChatConversation.SendButtonTapped.Response) async {
        record(
            .sendButtonTapped(message: response.message, inputText: response.inputText, failure: response.failure),
            as: "presentSendButtonTapped")
    }

    func presentTextMessageReceived(_ response: ChatConversation.TextMessageReceived.Response) async {
        record(
            .textMessageReceived(
                messageId: response.messageId, message: response.message, author: response.author, sentDate: response.sentDate,
                isMine: response.isMine),
            as: "presentTextMessageReceived")
    }

    func presentClockChanged(_ response: ChatConversation.ClockChanged.Response) async {
        record(.clockChanged(messages: response.messages), as: "presentClockChanged")
    }

    private func record(_ response: Presented, as entry: String) {
        presented.record(response, noting: entry)
    }
}
