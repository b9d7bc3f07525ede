import AppTestSupport
import CustomDump
import Foundation
import Testing

@testable import ChatApp

/// The conversations as the inbox's Interactor knows them: Ada's with two unread messages, and
/// the club's with none.
private let conversations = [
    ConversationSummary(id: "ada", title: "Ada", lastMessage: chatMessage("9", text: "See you tomorrow"), unreadCount: 2),
    ConversationSummary(id: "engines", title: "Analytical Engine club", lastMessage: nil),
]

/// The rows of `conversations`.
private let rows = [
    ChatInboxScene.Conversation(conversationId: "ada", title: "Ada", lastMessage: "See you tomorrow", unreadCount: 2),
    ChatInboxScene.Conversation(conversationId: "engines", title: "Analytical Engine club", lastMessage: nil, unreadCount: 0),
]

/// The error message of the last ViewModel `display` was given, for the flows that have one.
private func errorMessage(of display: RecordingInboxDisplay) -> String? {
    switch display.viewModels.last {
    case .load(_, let errorMessage)?: errorMessage
    case .feedStatusChanged(let errorMessage)?: errorMessage
    default: nil
    }
}

@Suite("The inbox Presenter: each flow's Response as the ViewModel the View displays")
struct ChatInboxPresenterTests {
    @Test func eachConversationIsARowWithItsNewestMessagesTextAndUnreadCount() async {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentLoad(ChatInbox.Load.Response(conversations: conversations, failure: nil))
        expectNoDifference(display.viewModels, [.load(conversations: rows, errorMessage: nil)])
    }

    @Test(arguments: [
        (ChatFailure.unreachable("connection refused"), "connection refused"),
        (ChatFailure.status(503), "503"),
        (ChatFailure.refused("Slow down"), "Slow down"),
        (ChatFailure.malformed("no list of conversations"), "no list of conversations"),
    ])
    func aFailedListingKeepsTheRowsGivenAndSaysWhy(failure: ChatFailure, cause: String) async throws {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentLoad(ChatInbox.Load.Response(conversations: conversations, failure: failure))
        guard case .load(let shown, let errorMessage)? = display.viewModels.last else {
            Issue.record("no Load ViewModel in \(display.viewModels)")
            return
        }
        #expect(shown == rows)
        #expect(try #require(errorMessage).contains(cause))
    }

    @Test func aTappedConversationIsItsRow() async {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentConversationTapped(
            ChatInbox.ConversationTapped.Response(conversation: conversations[1]))
        #expect(display.viewModels == [.conversationTapped(rows[1])])
    }

    @Test func aConversationAMessageArrivedInIsItsRow() async {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentTextMessageReceived(
            ChatInbox.TextMessageReceived.Response(conversation: conversations[0]))
        #expect(display.viewModels == [.textMessageReceived(rows[0])])
    }

    @Test(arguments: [1, 4, 30])
    func anInterruptedFeedSaysWhyAndInHowManySecondsItTriesAgain(seconds: Int) async throws {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentFeedStatusChanged(
            ChatInbox.FeedStatusChanged.Response(status: .interrupted(.unreachable("connection refused"), retryIn: .seconds(seconds))))
        let message = try #require(errorMessage(of: display))
        #expect(message.contains("connection refused"))
        #expect(message.contains("\(seconds) s"))
    }

    @Test func aLiveFeedClearsTheErrorMessage() async {
        let display = RecordingInboxDisplay()
        await ChatInboxPresenter(display: display).presentFeedStatusChanged(ChatInbox.FeedStatusChanged.Response(status: .live))
        #expect(display.viewModels == [.feedStatusChanged(errorMessage: nil)])
    }
}
