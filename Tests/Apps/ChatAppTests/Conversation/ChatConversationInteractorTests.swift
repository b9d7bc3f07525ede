import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore

@testable import ChatApp

/// The conversation's Interactor as a unit: a stub Service, a stub Presenter recording each
/// Response, the notifications a test posts on, and a recording Router, all noting in one log.
private struct Fixture {
    let log = EventLog()
    let service: StubChatService
    let notifications: StubChatNotifications
    let presenter: RecordingConversationPresenter
    let router: RecordingClosingRouter
    let interactor: ChatConversationInteractor

    /// The conversation `conversation` opened by `author` (`adaInput` and `testAuthor` unless told otherwise).
    init(conversation: ChatConversationInput = adaInput, author: String = testAuthor) {
        service = StubChatService(log: log)
        notifications = StubChatNotifications(log: log)
        presenter = RecordingConversationPresenter(log: log)
        router = RecordingClosingRouter(log: log)
        interactor = ChatConversationInteractor(
            conversation: conversation, service: service, author: author, notifications: notifications, presenter: presenter,
            router: router)
    }

    /// Appears with the conversation holding `messages`, then forgets what that presented and logged.
    func appear(with messages: [ChatMessage] = []) async {
        service.willLoadMessages(.success(messages))
        await interactor.sceneDidAppear()
        presenter.clear()
        log.clear()
    }

    /// Appears with the Service answering `messages`, and returns once that load is held inside
    /// the Service; the returned task ends when the test releases it.
    func appearHeld(with messages: [ChatMessage]) async -> Task<Void, Never> {
        service.willLoadMessages(.success(messages))
        service.hold(.messages)
        let interactor = interactor
        let appearing = Task { await interactor.sceneDidAppear() }
        await service.waitUntilHeld(.messages)
        return appearing
    }

    /// Enters `text` in the input, then forgets what that presented and logged.
    func enter(_ text: String) async {
        await interactor.handle(.inputTextChanged(inputText: text))
        presenter.clear()
        log.clear()
    }

    /// Taps send with the Service answering `result`, and returns once the send is held inside
    /// the Service; the returned task ends when the test releases it.
    func sendHeld(_ result: Result<ChatMessage, ChatFailure>) async -> Task<Void, Never> {
        service.willSend(result)
        service.hold(.send)
        let interactor = interactor
        let sending = Task { await interactor.handle(.sendButtonTapped) }
        await service.waitUntilHeld(.send)
        return sending
    }

    /// Posts `message` on the notifications, as the live feed or `notification.post` would.
    func post(_ message: ChatMessage) async {
        await notifications.post(busEvent(message))
    }
}

/// What the Presenter keeps of the TextMessageReceived Response for `message`.
private func received(_ message: ChatMessage, isMine: Bool = false) -> RecordingConversationPresenter.Presented {
    .textMessageReceived(messageId: message.id, message: message.text, author: message.author, sentDate: message.sentAt, isMine: isMine)
}

/// What the Presenter keeps of the InputTextChanged Response for `text`.
private func typed(_ text: String, minimumLengthReached: Bool, maximumLengthExceeded: Bool) -> RecordingConversationPresenter.Presented {
    .inputTextChanged(inputText: text, minimumLengthReached: minimumLengthReached, maximumLengthExceeded: maximumLengthExceeded)
}

@Suite("The conversation Interactor: each flow from its Request (or the bus) to the Response it presents")
struct ChatConversationInteractorTests {
    // MARK: Load

    @Test func appearingPresentsTheMessagesOfTheConversation() async {
        let fixture = Fixture()
        let messages = [chatMessage("3", text: "Hello"), chatMessage("5", author: testAuthor, text: "Hi Ada")]
        fixture.service.willLoadMessages(.success(messages))
        await fixture.interactor.sceneDidAppear()
        expectNoDifference(fixture.presenter.responses, [.load(messages: messages, failure: nil)])
        #expect(fixture.service.calls == ["messages in ada"])
    }

    @Test func appearingLoadsTheConversationItWasOpenedFor() async {
        let fixture = Fixture(conversation: ChatConversationInput(conversationID: "engines", title: "Analytical Engine club"))
        fixture.service.willLoadMessages(.success([]))
        await fixture.interactor.sceneDidAppear()
        #expect(fixture.service.calls == ["messages in engines"])
    }

    @Test func aFailedLoadPresentsTheFailure() async {
        let fixture = Fixture()
        fixture.service.willLoadMessages(.failure(.unreachable("connection refused")))
        await fixture.interactor.sceneDidAppear()
        expectNoDifference(
            fixture.presenter.responses, [.load(messages: [], failure: .unreachable("connection refused"))])
    }

    @Test func appearingSubscribesToTheNotificationsBeforeLoading() async {
        let fixture = Fixture()
        fixture.service.willLoadMessages(.success([]))
        await fixture.interactor.sceneDidAppear()
        #expect(fixture.log.all == ["subscribe", "messages in ada", "presentLoad"])
        #expect(fixture.notifications.subscriptions == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aMessageThatArrivesWhileTheMessagesLoadIsShownAndComesAfterThem() async {
        let fixture = Fixture()
        let loaded = [chatMessage("3"), chatMessage("5")]
        let appearing = await fixture.appearHeld(with: loaded)
        let early = chatMessage("9", text: "Are you there?")
        await fixture.post(early)
        fixture.service.release(.messages)
        await appearing.value
        expectNoDifference(
            fixture.presenter.responses,
            [
                received(early),
                .load(messages: loaded + [early], failure: nil),
            ])
    }

    @Test(.timeLimit(.minutes(1))) func aMessageThatArrivesWhileTheMessagesLoadAndIsAmongThemIsShownOnce() async {
        let fixture = Fixture()
        let loaded = [chatMessage("3"), chatMessage("5")]
        let appearing = await fixture.appearHeld(with: loaded)
        await fixture.post(chatMessage("5"))
        fixture.service.release(.messages)
        await appearing.value
        expectNoDifference(
            fixture.presenter.responses,
            [
                received(chatMessage("5")),
                .load(messages: loaded, failure: nil),
            ])
    }

    // MARK: InputTextChanged

    @Test(arguments: ["", " ", "   ", "\n\t "])
    func aTextOfSpacesOnlyHasNotReachedTheMinimumLength(text: String) async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.inputTextChanged(inputText: text))
        expectNoDifference(
            fixture.presenter.responses, [typed(text, minimumLengthReached: false, maximumLengthExceeded: false)])
    }

    @Test(arguments: ["H", "Hi", "  Hi  "])
    func aTextWithACharacterThatIsNotASpaceReachesTheMinimumLength(text: String) async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.inputTextChanged(inputText: text))
        expectNoDifference(
            fixture.presenter.responses, [typed(text, minimumLengthReached: true, maximumLengthExceeded: false)])
    }

    @Test func aThousandCharactersDoNotExceedTheMaximumLength() async {
        let fixture = Fixture()
        await fixture.appear()
        let text = String(repeating: "x", count: 1000)
        await fixture.interactor.handle(.inputTextChanged(inputText: text))
        #expect(fixture.presenter.responses == [typed(text, minimumLengthReached: true, maximumLengthExceeded: false)])
    }

    @Test func theMaximumLengthCountsCharactersNotTheirCodeUnits() async {
        let fixture = Fixture()
        await fixture.appear()
        // 1,000 characters of 7 scalars each: the server counts characters too.
        let text = String(repeating: "👩‍💻", count: 1000)
        await fixture.interactor.handle(.inputTextChanged(inputText: text))
        #expect(fixture.presenter.responses == [typed(text, minimumLengthReached: true, maximumLengthExceeded: false)])
    }

    @Test(arguments: [1001, 10_000])
    func moreThanAThousandCharactersExceedTheMaximumLength(length: Int) async {
        let fixture = Fixture()
        await fixture.appear()
        let text = String(repeating: "x", count: length)
        await fixture.interactor.handle(.inputTextChanged(inputText: text))
        #expect(fixture.presenter.responses == [typed(text, minimumLengthReached: true, maximumLengthExceeded: true)])
    }

    // MARK: SendButtonTapped

    @Test func sendingSendsTheTrimmedTextToTheConversationAsTheUserAndPresentsTheMessageWithAnEmptyInput() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("  Hello Ada \n")
        let stored = chatMessage("12", author: testAuthor, text: "Hello Ada")
        fixture.service.willSend(.success(stored))
        await fixture.interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent == [StubChatService.Sent(text: "Hello Ada", conversationID: "ada", author: testAuthor)])
        expectNoDifference(
            fixture.presenter.responses,
            [.sendButtonTapped(message: stored, inputText: "", failure: nil)])
    }

    @Test func aSecondTapAfterASendSendsAndPresentsNothing() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        fixture.service.willSend(.success(chatMessage("12", author: testAuthor)))
        await fixture.interactor.handle(.sendButtonTapped)
        fixture.presenter.clear()
        await fixture.interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent.count == 1)
        #expect(fixture.presenter.responses == [])
    }

    @Test(.timeLimit(.minutes(1))) func aTapWhileTheMessageIsBeingSentSendsNothingMore() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        let stored = chatMessage("12", author: testAuthor)
        let sending = await fixture.sendHeld(.success(stored))
        let interactor = fixture.interactor
        await interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent.count == 1)
        #expect(fixture.presenter.responses == [])
        fixture.service.release(.send)
        await sending.value
        #expect(fixture.service.sent == [StubChatService.Sent(text: "Hello", conversationID: "ada", author: testAuthor)])
        #expect(fixture.presenter.responses == [.sendButtonTapped(message: stored, inputText: "", failure: nil)])
    }

    @Test(arguments: ["", "   ", String(repeating: "x", count: 1001)])
    func aTapWithATextThatCannotBeSentSendsAndPresentsNothing(text: String) async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter(text)
        fixture.service.willSend(.success(chatMessage("12", author: testAuthor)))
        await fixture.interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent == [])
        #expect(fixture.presenter.responses == [])
    }

    @Test func aTapBeforeAnythingWasTypedSendsAndPresentsNothing() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent == [])
        #expect(fixture.presenter.responses == [])
    }

    @Test func aFailedSendKeepsTheTextAndPresentsTheFailure() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        fixture.service.willSend(.failure(.unreachable("connection refused")))
        await fixture.interactor.handle(.sendButtonTapped)
        expectNoDifference(
            fixture.presenter.responses,
            [
                .sendButtonTapped(message: nil, inputText: "Hello", failure: .unreachable("connection refused"))
            ])
    }

    @Test func theTextKeptAfterAFailedSendIsSentByTheNextTap() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        fixture.service.willSend(.failure(.status(502)))
        await fixture.interactor.handle(.sendButtonTapped)
        let stored = chatMessage("12", author: testAuthor)
        fixture.service.willSend(.success(stored))
        fixture.presenter.clear()
        await fixture.interactor.handle(.sendButtonTapped)
        #expect(fixture.service.sent.map(\.text) == ["Hello", "Hello"])
        #expect(fixture.presenter.responses == [.sendButtonTapped(message: stored, inputText: "", failure: nil)])
    }

    @Test(.timeLimit(.minutes(1))) func aTextTypedWhileASendFailsStaysInTheInputInsteadOfTheTextSent() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        let sending = await fixture.sendHeld(.failure(.unreachable("timed out")))
        let interactor = fixture.interactor
        await interactor.handle(.inputTextChanged(inputText: "Something else"))
        fixture.service.release(.send)
        await sending.value
        expectNoDifference(
            fixture.presenter.responses,
            [
                typed("Something else", minimumLengthReached: true, maximumLengthExceeded: false),
                .sendButtonTapped(message: nil, inputText: "Something else", failure: .unreachable("timed out")),
            ])
    }

    @Test(.timeLimit(.minutes(1))) func aSentMessageTheBusBroughtWhileItWasBeingSentIsNotPresentedTwice() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        let stored = chatMessage("12", author: testAuthor)
        let sending = await fixture.sendHeld(.success(stored))
        await fixture.post(stored)
        fixture.service.release(.send)
        await sending.value
        expectNoDifference(
            fixture.presenter.responses,
            [
                received(stored, isMine: true),
                .sendButtonTapped(message: nil, inputText: "", failure: nil),
            ])
    }

    @Test func aSentMessageThatTheBusBringsAfterwardsIsNotPresentedAgain() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.enter("Hello")
        let stored = chatMessage("12", author: testAuthor)
        fixture.service.willSend(.success(stored))
        await fixture.interactor.handle(.sendButtonTapped)
        fixture.presenter.clear()
        await fixture.post(stored)
        #expect(fixture.presenter.responses == [])
    }

    // MARK: CloseButtonTapped

    @Test func closingAsksTheRouterToCloseAndPresentsNothing() async {
        let fixture = Fixture()
        await fixture.appear(with: [chatMessage("3")])
        await fixture.interactor.handle(.closeButtonTapped)
        #expect(fixture.router.closeCount == 1)
        #expect(fixture.presenter.responses == [])
        #expect(fixture.log.all == ["close"])
    }

    // MARK: TextMessageReceived

    @Test func aMessageOfAdaForThisConversationIsPresentedAsNotMine() async {
        let fixture = Fixture()
        await fixture.appear(with: [chatMessage("3")])
        let message = chatMessage("9", text: "Are you there?", sentAt: "2026-11-23T09:41:00Z")
        await fixture.post(message)
        expectNoDifference(
            fixture.presenter.responses,
            [
                .textMessageReceived(
                    messageId: "9", message: "Are you there?", author: "Ada", sentDate: instant("2026-11-23T09:41:00Z"), isMine: false)
            ])
    }

    @Test func aMessageWithTheUsersNameIsPresentedAsMine() async {
        let fixture = Fixture()
        await fixture.appear()
        let message = chatMessage("9", author: testAuthor, text: "From my other device")
        await fixture.post(message)
        #expect(fixture.presenter.responses == [received(message, isMine: true)])
    }

    @Test func aMessageByTheAppsDefaultAuthorIsNotMineForAUserWithAnotherName() async {
        let fixture = Fixture(author: testAuthor)
        await fixture.appear()
        let message = chatMessage("9", author: ChatApp.defaultAuthor)
        await fixture.post(message)
        #expect(fixture.presenter.responses == [received(message, isMine: false)])
    }

    @Test func aMessageBroughtTwiceIsPresentedOnce() async {
        let fixture = Fixture()
        await fixture.appear()
        let message = chatMessage("9")
        await fixture.post(message)
        await fixture.post(message)
        #expect(fixture.presenter.responses == [received(message)])
    }

    @Test func aMessageForAnotherConversationPresentsNothing() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.post(chatMessage("9", in: "engines", author: "Charles"))
        #expect(fixture.presenter.responses == [])
    }

    @Test func aMessageThatWasLoadedPresentsNothing() async {
        let fixture = Fixture()
        await fixture.appear(with: [chatMessage("3"), chatMessage("5")])
        await fixture.post(chatMessage("5"))
        #expect(fixture.presenter.responses == [])
    }

    // MARK: ClockChanged

    @Test func aClockChangePresentsEveryMessageShownInOrder() async {
        let fixture = Fixture()
        let loaded = [chatMessage("3"), chatMessage("5")]
        await fixture.appear(with: loaded)
        let arrived = chatMessage("9", text: "Are you there?")
        await fixture.post(arrived)
        await fixture.enter("Yes")
        let sent = chatMessage("12", author: testAuthor, text: "Yes")
        fixture.service.willSend(.success(sent))
        await fixture.interactor.handle(.sendButtonTapped)
        fixture.presenter.clear()
        await fixture.interactor.clockDidChange()
        expectNoDifference(
            fixture.presenter.responses, [.clockChanged(messages: loaded + [arrived, sent])])
    }
}
