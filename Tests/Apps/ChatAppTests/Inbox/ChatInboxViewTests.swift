import AppTestSupport
import CustomDump
import Testing
import ViperCore

@testable import ChatApp

/// A row of the inbox.
private func row(_ id: String, lastMessage: String? = "Hello", unreadCount: Int = 0) -> ChatInboxScene.Conversation {
    ChatInboxScene.Conversation(conversationId: id, title: "Conversation \(id)", lastMessage: lastMessage, unreadCount: unreadCount)
}

/// What the inbox shows before the flow under test: three rows and an earlier failure.
private let before = ChatInboxScene.ViewModel(
    conversations: [row("ada"), row("engines", unreadCount: 1), row("quiet", lastMessage: nil)], errorMessage: "An earlier failure.")

/// The inbox's view state showing `before`, rendering into a recording view.
private struct Fixture {
    let view = RecordingView<ChatInboxScene.ViewModel>()
    let state: SceneViewState<ChatInboxScene.ViewModel>

    init() {
        state = SceneViewState(before, view: view)
    }
}

@Suite("The inbox's View: each flow's ViewModel changes its part of what the scene shows, then renders the whole")
struct ChatInboxViewTests {
    @Test func displayLoadReplacesTheRowsAndTheErrorMessage() async {
        let fixture = Fixture()
        let listed = [row("ada", lastMessage: "Bye"), row("engines")]
        await fixture.state.displayLoad(ChatInbox.Load.ViewModel(conversations: listed, errorMessage: nil))
        expectNoDifference(fixture.view.renders, [ChatInboxScene.ViewModel(conversations: listed, errorMessage: nil)])
    }

    @Test func displayConversationTappedReplacesOnlyTheRowWithItsId() async {
        let fixture = Fixture()
        await fixture.state.displayConversationTapped(ChatInbox.ConversationTapped.ViewModel(conversation: row("engines", unreadCount: 0)))
        var expected = before
        expected.conversations[1] = row("engines", unreadCount: 0)
        expectNoDifference(fixture.view.renders, [expected])
    }

    @Test func displayTextMessageReceivedReplacesOnlyTheRowWithItsId() async {
        let fixture = Fixture()
        let changed = row("quiet", lastMessage: "Anyone?", unreadCount: 1)
        await fixture.state.displayTextMessageReceived(ChatInbox.TextMessageReceived.ViewModel(conversation: changed))
        var expected = before
        expected.conversations[2] = changed
        expectNoDifference(fixture.view.renders, [expected])
        let shownNow = await fixture.state.viewModel
        expectNoDifference(shownNow, expected)
    }

    @Test func aRowForAConversationNotShownChangesNothing() async {
        let fixture = Fixture()
        await fixture.state.displayTextMessageReceived(ChatInbox.TextMessageReceived.ViewModel(conversation: row("nobody", unreadCount: 1)))
        let shownNow = await fixture.state.viewModel
        expectNoDifference(shownNow, before)
        #expect(fixture.view.renders.allSatisfy { $0 == before })
    }

    @Test func displayFeedStatusChangedChangesOnlyTheErrorMessage() async {
        let fixture = Fixture()
        await fixture.state.displayFeedStatusChanged(ChatInbox.FeedStatusChanged.ViewModel(errorMessage: "New messages are not arriving."))
        await fixture.state.displayFeedStatusChanged(ChatInbox.FeedStatusChanged.ViewModel(errorMessage: nil))
        var interrupted = before
        interrupted.errorMessage = "New messages are not arriving."
        var live = before
        live.errorMessage = nil
        expectNoDifference(fixture.view.renders, [interrupted, live])
    }
}
