import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore

@testable import ChatApp

/// Ada's newest message as the server lists it: number 9.
private let adaLast = chatMessage("9", text: "See you tomorrow")
/// The club's newest message as the server lists it: number 12, newer than Ada's although its
/// id sorts first as text.
private let enginesLast = chatMessage("12", in: "engines", author: "Charles", text: "The mill is ready")

/// The conversations as the server lists them: Ada's, the club's, and one with no message yet.
private let listed = [
    ConversationSummary(id: "ada", title: "Ada", lastMessage: adaLast),
    ConversationSummary(id: "engines", title: "Analytical Engine club", lastMessage: enginesLast),
    ConversationSummary(id: "quiet", title: "Quiet room", lastMessage: nil),
]

/// The inbox's Interactor as a unit: a stub Service, a stub Presenter recording each Response, a
/// recording Router, a stub live feed and the notifications a test posts on, all noting in one log.
private struct Fixture {
    let log = EventLog()
    let service: StubChatService
    let notifications: StubChatNotifications
    let feed: StubChatFeed
    let presenter: RecordingInboxPresenter
    let router: RecordingInboxRouter
    let interactor: ChatInboxInteractor

    init(author: String = testAuthor) {
        service = StubChatService(log: log)
        notifications = StubChatNotifications(log: log)
        feed = StubChatFeed(log: log)
        presenter = RecordingInboxPresenter(log: log)
        router = RecordingInboxRouter(log: log)
        interactor = ChatInboxInteractor(
            service: service, author: author, notifications: notifications, feed: feed, presenter: presenter, router: router)
    }

    /// Appears with the server listing `conversations`, then forgets what that presented and logged.
    func appear(listing conversations: [ConversationSummary] = listed) async {
        service.willListConversations(.success(conversations))
        await interactor.sceneDidAppear()
        presenter.clear()
        log.clear()
    }

    /// Posts `message` on the notifications, as the live feed does.
    func post(_ message: ChatMessage) async {
        await notifications.post(busEvent(message))
    }
}

/// The conversation `id` of `listed`, with `lastMessage` and `unreadCount` as given.
private func summary(_ id: String, lastMessage: ChatMessage?, unreadCount: Int) -> ConversationSummary {
    let title = listed.first { $0.id == id }?.title ?? id
    return ConversationSummary(id: id, title: title, lastMessage: lastMessage, unreadCount: unreadCount)
}

/// The TextMessageReceived Response for the conversation `id` as it is then.
private func received(_ id: String, lastMessage: ChatMessage?, unreadCount: Int) -> RecordingInboxPresenter.Presented {
    .textMessageReceived(summary(id, lastMessage: lastMessage, unreadCount: unreadCount))
}

@Suite("The inbox Interactor: listing, the live feed, unread counts and opening a conversation")
struct ChatInboxInteractorTests {
    // MARK: Load and the live feed

    @Test func appearingListsTheConversationsThenStartsTheFeedAfterTheNewestMessageListed() async {
        let fixture = Fixture()
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.sceneDidAppear()
        expectNoDifference(fixture.presenter.responses, [.load(conversations: listed, failure: nil)])
        // 12 is the newest by number, although "9" sorts after "12" as text.
        #expect(fixture.feed.starts == [12])
        #expect(fixture.log.all == ["subscribe", "conversations", "presentLoad", "feed start after 12"])
    }

    @Test func withNoMessageListedTheFeedStartsFromTheBeginning() async {
        let fixture = Fixture()
        await fixture.appear(listing: [ConversationSummary(id: "quiet", title: "Quiet room", lastMessage: nil)])
        #expect(fixture.feed.starts == [0])
    }

    @Test func theFeedStartsOnceHoweverOftenTheConversationsAreListed() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.handle(.refreshTapped)
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.sceneDidReappear()
        #expect(fixture.feed.starts == [12])
        #expect(fixture.service.calls == ["conversations", "conversations", "conversations"])
    }

    @Test func aFailedListingPresentsTheFailureAndDoesNotStartTheFeed() async {
        let fixture = Fixture()
        fixture.service.willListConversations(.failure(.unreachable("connection refused")))
        await fixture.interactor.sceneDidAppear()
        expectNoDifference(
            fixture.presenter.responses, [.load(conversations: [], failure: .unreachable("connection refused"))])
        #expect(fixture.feed.starts == [])
    }

    @Test func aRefreshThatListsTheConversationsAfterAFailureStartsTheFeed() async {
        let fixture = Fixture()
        fixture.service.willListConversations(.failure(.unreachable("connection refused")))
        await fixture.interactor.sceneDidAppear()
        fixture.presenter.clear()
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.handle(.refreshTapped)
        expectNoDifference(fixture.presenter.responses, [.load(conversations: listed, failure: nil)])
        #expect(fixture.feed.starts == [12])
    }

    @Test func aFailedRefreshPresentsTheConversationsListedBeforeWithTheFailure() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.service.willListConversations(.failure(.status(503)))
        await fixture.interactor.handle(.refreshTapped)
        expectNoDifference(fixture.presenter.responses, [.load(conversations: listed, failure: .status(503))])
        #expect(fixture.feed.starts == [12])
    }

    @Test func feedStatusChangesArePresented() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.feed.report(.interrupted(.unreachable("connection refused"), retryIn: .seconds(2)))
        await fixture.feed.report(.live)
        expectNoDifference(
            fixture.presenter.responses,
            [
                .feedStatusChanged(.interrupted(.unreachable("connection refused"), retryIn: .seconds(2))),
                .feedStatusChanged(.live),
            ])
    }

    // MARK: ConversationTapped

    @Test func tappingAConversationOpensItWithItsIdAndTitle() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.conversationTapped(conversationId: "engines"))
        #expect(fixture.router.opened == [ChatConversationInput(conversationID: "engines", title: "Analytical Engine club")])
        #expect(fixture.presenter.responses == [])
        #expect(fixture.log.all == ["open engines"])
    }

    @Test func tappingAConversationWithUnreadMessagesMarksThemReadThenOpensIt() async {
        let fixture = Fixture()
        await fixture.appear()
        let reply = chatMessage("13", text: "Are you there?")
        await fixture.post(reply)
        fixture.presenter.clear()
        fixture.log.clear()
        await fixture.interactor.handle(.conversationTapped(conversationId: "ada"))
        expectNoDifference(
            fixture.presenter.responses,
            [.conversationTapped(summary("ada", lastMessage: reply, unreadCount: 0))])
        #expect(fixture.router.opened == [adaInput])
        #expect(fixture.log.all == ["presentConversationTapped", "open ada"])
    }

    @Test func aConversationTheInboxDoesNotListIsRefusedOnItsConversationId() async throws {
        let fixture = Fixture()
        await fixture.appear()
        let refusal = try #require(await fixture.interactor.refusal(of: .conversationTapped(conversationId: "nobody")))
        #expect(refusal.field == "conversationId")
        #expect(refusal.reason.contains("'nobody'"))
        #expect(refusal.reason.contains("ada, engines, quiet"))
    }

    @Test func beforeAnyListingEveryConversationIsRefused() async throws {
        let fixture = Fixture()
        let refusal = try #require(await fixture.interactor.refusal(of: .conversationTapped(conversationId: "ada")))
        #expect(refusal.field == "conversationId")
        #expect(refusal.reason.contains("none"))
    }

    @Test func aListedConversationAndARefreshAreNotRefused() async {
        let fixture = Fixture()
        await fixture.appear()
        #expect(await fixture.interactor.refusal(of: .conversationTapped(conversationId: "ada")) == nil)
        #expect(await fixture.interactor.refusal(of: .refreshTapped) == nil)
    }

    // MARK: TextMessageReceived

    @Test func aMessageOfSomeoneElseForAConversationThatIsNotOpenIsUnread() async {
        let fixture = Fixture()
        await fixture.appear()
        let first = chatMessage("13", text: "Are you there?")
        let second = chatMessage("14", text: "Hello?")
        await fixture.post(first)
        await fixture.post(second)
        expectNoDifference(
            fixture.presenter.responses,
            [received("ada", lastMessage: first, unreadCount: 1), received("ada", lastMessage: second, unreadCount: 2)])
    }

    @Test func aMessageForTheOpenConversationIsReadAsItArrives() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.conversationTapped(conversationId: "ada"))
        let reply = chatMessage("13", text: "Are you there?")
        await fixture.post(reply)
        let other = chatMessage("14", in: "engines", author: "Charles", text: "Tea?")
        await fixture.post(other)
        expectNoDifference(
            fixture.presenter.responses,
            [received("ada", lastMessage: reply, unreadCount: 0), received("engines", lastMessage: other, unreadCount: 1)])
    }

    @Test func afterTheConversationClosesItsMessagesAreUnreadAgain() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.conversationTapped(conversationId: "ada"))
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.sceneDidReappear()
        fixture.presenter.clear()
        let reply = chatMessage("13", text: "Are you there?")
        await fixture.post(reply)
        #expect(fixture.presenter.responses == [received("ada", lastMessage: reply, unreadCount: 1)])
    }

    @Test func theUsersOwnMessageIsNeverUnread() async {
        let fixture = Fixture()
        await fixture.appear()
        let mine = chatMessage("13", in: "engines", author: testAuthor, text: "Sent from my phone")
        await fixture.post(mine)
        #expect(fixture.presenter.responses == [received("engines", lastMessage: mine, unreadCount: 0)])
    }

    @Test func aMessageBroughtTwiceCountsOnce() async {
        let fixture = Fixture()
        await fixture.appear()
        let reply = chatMessage("13")
        await fixture.post(reply)
        await fixture.post(reply)
        #expect(fixture.presenter.responses == [received("ada", lastMessage: reply, unreadCount: 1)])
    }

    @Test func aMessageForAConversationTheInboxDoesNotListIsIgnored() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.post(chatMessage("13", in: "nobody", author: "Charles"))
        #expect(fixture.presenter.responses == [])
    }

    @Test func anOlderMessageCountsAsUnreadButDoesNotReplaceTheNewest() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.post(chatMessage("5", text: "An old one"))
        #expect(fixture.presenter.responses == [received("ada", lastMessage: adaLast, unreadCount: 1)])
    }

    // MARK: Reappearing

    @Test func reappearingListsAgainKeepingUnreadCountsAndTheNewerMessageTheBusBrought() async {
        let fixture = Fixture()
        await fixture.appear()
        let reply = chatMessage("13", text: "Are you there?")
        await fixture.post(reply)
        fixture.presenter.clear()
        // The server lists Ada's message 9 still, as a listing that started before 13 was stored would.
        fixture.service.willListConversations(.success(listed))
        await fixture.interactor.sceneDidReappear()
        expectNoDifference(
            fixture.presenter.responses,
            [
                .load(
                    conversations: [
                        summary("ada", lastMessage: reply, unreadCount: 1),
                        summary("engines", lastMessage: enginesLast, unreadCount: 0),
                        summary("quiet", lastMessage: nil, unreadCount: 0),
                    ],
                    failure: nil)
            ])
    }

    @Test func aNewerMessageListedOnReappearingReplacesTheOneTheBusBrought() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.post(chatMessage("13", text: "Are you there?"))
        fixture.presenter.clear()
        let sent = chatMessage("15", author: testAuthor, text: "Yes, here")
        fixture.service.willListConversations(
            .success([ConversationSummary(id: "ada", title: "Ada", lastMessage: sent)] + Array(listed.dropFirst())))
        await fixture.interactor.sceneDidReappear()
        guard case .load(let conversations, _)? = fixture.presenter.responses.last else {
            Issue.record("no Load Response in \(fixture.presenter.responses)")
            return
        }
        #expect(conversations.first == summary("ada", lastMessage: sent, unreadCount: 1))
    }

    @Test func aConversationFirstListedOnReappearingHasNothingUnread() async {
        let fixture = Fixture()
        await fixture.appear(listing: [listed[0]])
        let reply = chatMessage("13")
        await fixture.post(reply)
        fixture.presenter.clear()
        let added = ConversationSummary(id: "engines", title: "Analytical Engine club", lastMessage: enginesLast)
        fixture.service.willListConversations(.success([listed[0], added]))
        await fixture.interactor.sceneDidReappear()
        expectNoDifference(
            fixture.presenter.responses, [.load(conversations: [summary("ada", lastMessage: reply, unreadCount: 1), added], failure: nil)])
    }
}
