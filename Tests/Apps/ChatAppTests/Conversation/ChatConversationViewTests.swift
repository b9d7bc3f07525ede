import AppTestSupport
import CustomDump
import Testing
import ViperCore

@testable import ChatApp

/// A message as the conversation shows it, by Ada unless told otherwise.
private func shown(_ id: String, text: String = "Hello", author: String = "Ada", isMine: Bool = false) -> ChatConversationScene.Message {
    ChatConversationScene.Message(messageId: id, messageText: text, messageHeader: author, formattedSentDate: "Today 09:00", isMine: isMine)
}

/// What the conversation with Ada shows before the flow under test: a message, a draft that can
/// be sent, and an earlier failure.
private let before = ChatConversationScene.ViewModel(
    title: "Ada", messages: [shown("3")], inputText: "Draft", sendButtonEnabled: true, errorMessage: "An earlier failure.")

/// The conversation's view state showing `before`, rendering into a recording view.
private struct Fixture {
    let view = RecordingView<ChatConversationScene.ViewModel>()
    let state: SceneViewState<ChatConversationScene.ViewModel>

    init(showing viewModel: ChatConversationScene.ViewModel = before) {
        state = SceneViewState(viewModel, view: view)
    }

    /// What the view was asked to render, which must be what the state holds after each flow.
    func rendersMatchState() async -> Bool {
        await view.renders.last == state.viewModel
    }
}

@Suite("The conversation's View: each flow's ViewModel changes its part of what the scene shows, then renders the whole")
struct ChatConversationViewTests {
    @Test func displayLoadReplacesTheMessagesAndTheErrorAndKeepsTheTitleAndInput() async {
        let fixture = Fixture()
        await fixture.state.displayLoad(ChatConversation.Load.ViewModel(messages: [shown("5"), shown("6")], errorMessage: nil))
        var expected = before
        expected.messages = [shown("5"), shown("6")]
        expected.errorMessage = nil
        expectNoDifference(fixture.view.renders, [expected])
        #expect(await fixture.rendersMatchState())
    }

    @Test func displayLoadOfAFailureShowsItsErrorMessage() async {
        let fixture = Fixture()
        await fixture.state.displayLoad(ChatConversation.Load.ViewModel(messages: [], errorMessage: "The chat server could not be reached."))
        var expected = before
        expected.messages = []
        expected.errorMessage = "The chat server could not be reached."
        expectNoDifference(fixture.view.renders, [expected])
    }

    @Test func displayInputTextChangedChangesTheInputButKeepsTheMessagesAndTitle() async {
        let fixture = Fixture()
        await fixture.state.displayInputTextChanged(
            ChatConversation.InputTextChanged.ViewModel(inputText: "  ", sendButtonEnabled: false, errorMessage: nil))
        var expected = before
        expected.inputText = "  "
        expected.sendButtonEnabled = false
        expected.errorMessage = nil
        expectNoDifference(fixture.view.renders, [expected])
        #expect(await fixture.rendersMatchState())
    }

    @Test func displaySendButtonTappedAppendsTheMessageSentAndClearsTheInput() async {
        let fixture = Fixture()
        let sent = shown("12", text: "Draft", author: testAuthor, isMine: true)
        await fixture.state.displaySendButtonTapped(
            ChatConversation.SendButtonTapped.ViewModel(message: sent, inputText: "", sendButtonEnabled: false, errorMessage: nil))
        let expected = ChatConversationScene.ViewModel(
            title: "Ada", messages: [shown("3"), sent], inputText: "", sendButtonEnabled: false, errorMessage: nil)
        expectNoDifference(fixture.view.renders, [expected])
        #expect(await fixture.rendersMatchState())
    }

    @Test func displaySendButtonTappedWithoutAMessageKeepsTheMessagesAndShowsTheFailure() async {
        let fixture = Fixture()
        await fixture.state.displaySendButtonTapped(
            ChatConversation.SendButtonTapped.ViewModel(
                message: nil, inputText: "Draft", sendButtonEnabled: true, errorMessage: "The chat server could not be reached."))
        var expected = before
        expected.errorMessage = "The chat server could not be reached."
        expectNoDifference(fixture.view.renders, [expected])
    }

    @Test func displayTextMessageReceivedAppendsTheMessageAndKeepsEverythingElse() async {
        let fixture = Fixture()
        await fixture.state.displayTextMessageReceived(shown("9", text: "Are you there?"))
        await fixture.state.displayTextMessageReceived(shown("10", text: "Hello?"))
        var first = before
        first.messages = [shown("3"), shown("9", text: "Are you there?")]
        var second = first
        second.messages.append(shown("10", text: "Hello?"))
        expectNoDifference(fixture.view.renders, [first, second])
        #expect(await fixture.rendersMatchState())
    }

    @Test func displayClockChangedReplacesTheMessagesOnly() async {
        let fixture = Fixture()
        let rewritten = ChatConversationScene.Message(
            messageId: "3", messageText: "Hello", messageHeader: "Ada", formattedSentDate: "Yesterday 09:00", isMine: false)
        await fixture.state.displayClockChanged(ChatConversation.ClockChanged.ViewModel(messages: [rewritten]))
        var expected = before
        expected.messages = [rewritten]
        expectNoDifference(fixture.view.renders, [expected])
    }

    @Test func flowsChangeWhatTheLastFlowLeft() async {
        let fixture = Fixture(
            showing: ChatConversationScene.ViewModel(title: "Ada", messages: [], inputText: "", sendButtonEnabled: false, errorMessage: nil))
        await fixture.state.displayLoad(ChatConversation.Load.ViewModel(messages: [shown("3")], errorMessage: nil))
        await fixture.state.displayInputTextChanged(
            ChatConversation.InputTextChanged.ViewModel(inputText: "Hi", sendButtonEnabled: true, errorMessage: nil))
        await fixture.state.displayTextMessageReceived(shown("4"))
        #expect(fixture.view.renders.count == 3)
        let shownNow = await fixture.state.viewModel
        expectNoDifference(
            shownNow,
            ChatConversationScene.ViewModel(
                title: "Ada", messages: [shown("3"), shown("4")], inputText: "Hi", sendButtonEnabled: true, errorMessage: nil))
        #expect(await fixture.rendersMatchState())
    }
}
