import AppTestSupport
import CustomDump
import Foundation
import Testing
import ViperCore

@testable import ChatApp

/// The session's calendar in London, in British English.
private let london = DayCalendar(timeZone: TimeZone(identifier: "Europe/London")!, firstWeekday: 2, locale: Locale(identifier: "en_GB"))

/// The session's calendar in London, in American English.
private let londonInAmericanEnglish = DayCalendar(
    timeZone: TimeZone(identifier: "Europe/London")!, firstWeekday: 2, locale: Locale(identifier: "en_US"))

/// The session's calendar in New York, in American English.
private let newYork = DayCalendar(
    timeZone: TimeZone(identifier: "America/New_York")!, firstWeekday: 1, locale: Locale(identifier: "en_US"))

/// The instant the conversation is shown at: 09:41 in London on Monday 23 November 2026.
private let shownAt = "2026-11-23T09:41:00Z"

/// The conversation's Presenter for `testAuthor`, displaying on `display`, with the clock at
/// `clock` and the session's `calendar`.
private func conversationPresenter(
    _ display: RecordingConversationDisplay, clock: any WallClock = FixedClock(shownAt), calendar: DayCalendar = london
) -> ChatConversationPresenter {
    ChatConversationPresenter(display: display, author: testAuthor, dates: SentDateFormat(clock: clock, calendar: calendar))
}

/// What a message sent at `sentAt` says about when it was sent, as the Presenter writes it for
/// the clock at `now` in `calendar`.
private func formattedSentDate(_ sentAt: String, now: String = shownAt, calendar: DayCalendar = london) async -> String? {
    let display = RecordingConversationDisplay()
    await conversationPresenter(display, clock: FixedClock(now), calendar: calendar).presentTextMessageReceived(
        ChatConversation.TextMessageReceived.Response(messageId: "7", message: "Hello", author: "Ada", sentDate: instant(sentAt), isMine: false))
    guard case .textMessageReceived(let message)? = display.viewModels.last else { return nil }
    return message.formattedSentDate
}

/// The error message of the one ViewModel `display` was given, whichever flow it belongs to.
private func errorMessage(of display: RecordingConversationDisplay) -> String? {
    switch display.viewModels.last {
    case .load(_, let errorMessage)?: errorMessage
    case .inputTextChanged(_, _, let errorMessage)?: errorMessage
    case .sendButtonTapped(_, _, _, let errorMessage)?: errorMessage
    default: nil
    }
}

@Suite("The conversation Presenter: each flow's Response as the ViewModel the View displays")
struct ChatConversationPresenterTests {
    // MARK: When a message was sent

    @Test(arguments: [
        ("2026-11-23T09:41:00Z", "Today 09:41"),
        ("2026-11-23T00:00:00Z", "Today 00:00"),
        ("2026-11-22T18:02:00Z", "Yesterday 18:02"),
        ("2026-11-22T00:00:00Z", "Yesterday 00:00"),
        ("2026-11-21T23:59:00Z", "21 Nov"),
        ("2026-11-20T12:00:00Z", "20 Nov"),
        ("2026-01-05T10:00:00Z", "5 Jan"),
        ("2025-11-20T12:00:00Z", "20 Nov 2025"),
    ])
    func aMessageSaysWhenItWasSentRelativeToTheSessionsClockInBritishEnglish(sentAt: String, expected: String) async {
        #expect(await formattedSentDate(sentAt) == expected)
    }

    @Test(arguments: [
        ("2026-11-23T09:41:00Z", "Today 09:41"),
        ("2026-11-22T18:02:00Z", "Yesterday 18:02"),
        ("2026-11-20T12:00:00Z", "Nov 20"),
        ("2025-11-20T12:00:00Z", "Nov 20, 2025"),
    ])
    func aShortDateFollowsTheLocaleButTheTimeStaysOnTheTwentyFourHourClock(sentAt: String, expected: String) async {
        #expect(await formattedSentDate(sentAt, calendar: londonInAmericanEnglish) == expected)
    }

    @Test(arguments: [
        // 04:41 in New York: 03:00 UTC was 22:00 the evening before there.
        ("2026-11-23T03:00:00Z", "Yesterday 22:00"),
        ("2026-11-23T05:30:00Z", "Today 00:30"),
        ("2026-11-21T06:00:00Z", "Nov 21"),
    ])
    func todayAndYesterdayAreTheDaysOfTheSessionsTimeZone(sentAt: String, expected: String) async {
        #expect(await formattedSentDate(sentAt, calendar: newYork) == expected)
    }

    @Test(arguments: [
        // 00:30 on 2 July in London, on summer time: 23:15 UTC is already the next day there.
        ("2026-07-01T23:15:00Z", "Today 00:15"),
        ("2026-07-01T22:45:00Z", "Yesterday 23:45"),
        ("2026-06-30T22:59:00Z", "30 Jun"),
    ])
    func theDaysFollowSummerTime(sentAt: String, expected: String) async {
        #expect(await formattedSentDate(sentAt, now: "2026-07-01T23:30:00Z") == expected)
    }

    @Test(arguments: [
        ("2026-12-31T18:02:00Z", "Yesterday 18:02"),
        ("2026-12-30T12:00:00Z", "30 Dec 2026"),
    ])
    func onNewYearsDayYesterdayIsStillYesterdayAndEarlierDaysNameTheirYear(sentAt: String, expected: String) async {
        #expect(await formattedSentDate(sentAt, now: "2027-01-01T10:00:00Z") == expected)
    }

    // MARK: Load

    @Test func loadedMessagesShowTheirTextAuthorDateAndWhetherTheUserWroteThem() async {
        let display = RecordingConversationDisplay()
        let messages = [
            chatMessage("3", text: "Hello", sentAt: "2026-11-22T18:02:00Z"),
            chatMessage("5", author: testAuthor, text: "Hi Ada", sentAt: "2026-11-23T09:41:00Z"),
            chatMessage("6", author: ChatApp.defaultAuthor, text: "Not me", sentAt: "2026-11-23T09:41:00Z"),
        ]
        await conversationPresenter(display).presentLoad(ChatConversation.Load.Response(messages: messages, failure: nil))
        expectNoDifference(
            display.viewModels,
            [
                .load(
                    messages: [
                        ChatConversationScene.Message(
                            messageId: "3", messageText: "Hello", messageHeader: "Ada", formattedSentDate: "Yesterday 18:02", isMine: false),
                        ChatConversationScene.Message(
                            messageId: "5", messageText: "Hi Ada", messageHeader: testAuthor, formattedSentDate: "Today 09:41", isMine: true),
                        ChatConversationScene.Message(
                            messageId: "6", messageText: "Not me", messageHeader: ChatApp.defaultAuthor, formattedSentDate: "Today 09:41",
                            isMine: false),
                    ],
                    errorMessage: nil)
            ])
    }

    @Test(arguments: [
        (ChatFailure.unreachable("connection refused"), "connection refused"),
        (ChatFailure.refused("There is no conversation x; GET /v1/chat/conversations lists them."), "There is no conversation x"),
        (ChatFailure.status(502), "502"),
        (ChatFailure.malformed("no list of messages"), "no list of messages"),
        (ChatFailure.cancelled, "Cancelled"),
    ])
    func aFailedLoadSaysWhyInTheErrorMessage(failure: ChatFailure, cause: String) async throws {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentLoad(ChatConversation.Load.Response(messages: [], failure: failure))
        let message = try #require(errorMessage(of: display))
        #expect(message.contains(cause))
        guard case .load(let messages, _)? = display.viewModels.last else {
            Issue.record("no Load ViewModel in \(display.viewModels)")
            return
        }
        #expect(messages == [])
    }

    // MARK: InputTextChanged

    @Test(arguments: [(true, false, true), (false, false, false), (true, true, false), (false, true, false)])
    func theSendButtonIsEnabledOnlyForATextThatReachedTheMinimumAndDoesNotExceedTheMaximum(
        minimumLengthReached: Bool, maximumLengthExceeded: Bool, enabled: Bool
    ) async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentInputTextChanged(
            ChatConversation.InputTextChanged.Response(
                inputText: "Hi", minimumLengthReached: minimumLengthReached, maximumLengthExceeded: maximumLengthExceeded))
        guard case .inputTextChanged(let inputText, let sendButtonEnabled, _)? = display.viewModels.last else {
            Issue.record("no InputTextChanged ViewModel in \(display.viewModels)")
            return
        }
        #expect(sendButtonEnabled == enabled)
        #expect(inputText == "Hi")
    }

    @Test func aTextThatCanBeSentHasNoErrorMessage() async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentInputTextChanged(
            ChatConversation.InputTextChanged.Response(inputText: "Hi", minimumLengthReached: true, maximumLengthExceeded: false))
        #expect(
            display.viewModels == [.inputTextChanged(inputText: "Hi", sendButtonEnabled: true, errorMessage: nil)])
    }

    @Test func anEmptyTextDisablesSendWithoutAnErrorMessage() async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentInputTextChanged(
            ChatConversation.InputTextChanged.Response(inputText: "  ", minimumLengthReached: false, maximumLengthExceeded: false))
        #expect(
            display.viewModels == [.inputTextChanged(inputText: "  ", sendButtonEnabled: false, errorMessage: nil)])
    }

    @Test(arguments: [1001, 10_000])
    func aTextTooLongSaysTheLongestAMessageCanBeAndHowLongItIs(length: Int) async throws {
        let display = RecordingConversationDisplay()
        let text = String(repeating: "x", count: length)
        await conversationPresenter(display).presentInputTextChanged(
            ChatConversation.InputTextChanged.Response(inputText: text, minimumLengthReached: true, maximumLengthExceeded: true))
        guard case .inputTextChanged(let inputText, let sendButtonEnabled, let errorMessage)? = display.viewModels.last else {
            Issue.record("no InputTextChanged ViewModel in \(display.viewModels)")
            return
        }
        #expect(inputText == text)
        #expect(sendButtonEnabled == false)
        let message = try #require(errorMessage)
        #expect(message.contains("1000"))
        #expect(message.contains("\(length)"))
    }

    // MARK: SendButtonTapped

    @Test func aSentMessageIsShownAsTheUsersAndTheInputIsClearedWithSendDisabled() async {
        let display = RecordingConversationDisplay()
        let stored = chatMessage("12", author: testAuthor, text: "Hello Ada", sentAt: "2026-11-23T09:41:00Z")
        await conversationPresenter(display).presentSendButtonTapped(
            ChatConversation.SendButtonTapped.Response(message: stored, inputText: "", failure: nil))
        expectNoDifference(
            display.viewModels,
            [
                .sendButtonTapped(
                    message: ChatConversationScene.Message(
                        messageId: "12", messageText: "Hello Ada", messageHeader: testAuthor, formattedSentDate: "Today 09:41", isMine: true),
                    inputText: "", sendButtonEnabled: false, errorMessage: nil)
            ])
    }

    @Test func aSendThatLeavesATextTypedMeanwhileKeepsSendEnabledForIt() async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentSendButtonTapped(
            ChatConversation.SendButtonTapped.Response(message: chatMessage("12", author: testAuthor), inputText: "And another", failure: nil))
        guard case .sendButtonTapped(_, let inputText, let sendButtonEnabled, let errorMessage)? = display.viewModels.last else {
            Issue.record("no SendButtonTapped ViewModel in \(display.viewModels)")
            return
        }
        #expect(inputText == "And another")
        #expect(sendButtonEnabled)
        #expect(errorMessage == nil)
    }

    @Test func aFailedSendKeepsTheTextAndSendEnabledAndSaysWhy() async throws {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentSendButtonTapped(
            ChatConversation.SendButtonTapped.Response(message: nil, inputText: "Hello", failure: .unreachable("connection refused")))
        guard case .sendButtonTapped(let message, let inputText, let sendButtonEnabled, let errorMessage)? = display.viewModels.last else {
            Issue.record("no SendButtonTapped ViewModel in \(display.viewModels)")
            return
        }
        #expect(message == nil)
        #expect(inputText == "Hello")
        #expect(sendButtonEnabled)
        #expect(try #require(errorMessage).contains("connection refused"))
    }

    @Test func aSendTheServerRefusedSaysWhatTheServerSaid() async throws {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentSendButtonTapped(
            ChatConversation.SendButtonTapped.Response(
                message: nil, inputText: "Hello", failure: .refused("A message is at most 1000 characters, not 1001.")))
        #expect(try #require(errorMessage(of: display)).contains("A message is at most 1000 characters, not 1001."))
    }

    // MARK: TextMessageReceived

    @Test func aReceivedMessageShowsItsTextAuthorAsHeaderAndWhenItWasSent() async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentTextMessageReceived(
            ChatConversation.TextMessageReceived.Response(
                messageId: "9", message: "Are you there?", author: "Ada", sentDate: instant("2026-11-22T18:02:00Z"), isMine: false))
        expectNoDifference(
            display.viewModels,
            [
                .textMessageReceived(
                    ChatConversationScene.Message(
                        messageId: "9", messageText: "Are you there?", messageHeader: "Ada", formattedSentDate: "Yesterday 18:02", isMine: false))
            ])
    }

    @Test func aReceivedMessageIsTheUsersWhenTheInteractorSaysSo() async {
        let display = RecordingConversationDisplay()
        await conversationPresenter(display).presentTextMessageReceived(
            ChatConversation.TextMessageReceived.Response(
                messageId: "9", message: "From my phone", author: testAuthor, sentDate: instant(shownAt), isMine: true))
        guard case .textMessageReceived(let message)? = display.viewModels.last else {
            Issue.record("no TextMessageReceived ViewModel in \(display.viewModels)")
            return
        }
        #expect(message.isMine)
        #expect(message.messageHeader == testAuthor)
    }

    // MARK: ClockChanged

    @Test func aClockChangeWritesTheSentDatesAgainForTheNewTime() async {
        let display = RecordingConversationDisplay()
        let clock = MutableClock(shownAt)
        let presenter = conversationPresenter(display, clock: clock)
        let messages = [chatMessage("3", sentAt: "2026-11-23T09:00:00Z")]
        await presenter.presentClockChanged(ChatConversation.ClockChanged.Response(messages: messages))
        clock.set("2026-11-24T08:00:00Z")
        await presenter.presentClockChanged(ChatConversation.ClockChanged.Response(messages: messages))
        clock.set("2026-11-25T08:00:00Z")
        await presenter.presentClockChanged(ChatConversation.ClockChanged.Response(messages: messages))
        let dates: [String] = display.viewModels.compactMap { displayed in
            guard case .clockChanged(let shown) = displayed else { return nil }
            return shown.first?.formattedSentDate
        }
        #expect(dates == ["Today 09:00", "Yesterday 09:00", "23 Nov"])
    }
}
