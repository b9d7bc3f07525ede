import AppTestSupport
import CustomDump
import Synchronization
import Testing

@testable import ChatApp

/// What a live feed did: what it posted, how long it slept, the statuses it reported, each in
/// order. Its sleep throws, as the scene's does once the scene left, when `sleepThrows` is set.
private final class FeedRecorder: Sendable {
    private struct State {
        var posted: [ChatMessageReceived] = []
        var slept: [Duration] = []
        var statuses: [ChatFeedStatus] = []
        var sleepThrows = false
    }

    private let state: Mutex<State>

    init(sleepThrows: Bool = false) {
        state = Mutex(State(sleepThrows: sleepThrows))
    }

    var posted: [ChatMessageReceived] { state.withLock { $0.posted } }
    var slept: [Duration] { state.withLock { $0.slept } }
    var statuses: [ChatFeedStatus] { state.withLock { $0.statuses } }

    func post(_ event: ChatMessageReceived) {
        state.withLock { $0.posted.append(event) }
    }

    func sleep(_ duration: Duration) throws {
        let fails: Bool = state.withLock { state in
            state.slept.append(duration)
            return state.sleepThrows
        }
        if fails { throw CancellationError() }
    }

    func statusChanged(_ status: ChatFeedStatus) {
        state.withLock { $0.statuses.append(status) }
    }
}

/// The live feed of `author` over `service`, posting and sleeping into `recorder`.
private func liveFeed(_ service: StubChatService, _ recorder: FeedRecorder, author: String = testAuthor) -> ChatLiveFeed {
    ChatLiveFeed(service: service, author: author, post: { recorder.post($0) }, sleep: { try recorder.sleep($0) })
}

/// Runs the feed of `service` after message `sequence` until the service's polls run out (a
/// poll with nothing scripted is cancelled, which ends the feed).
private func run(_ service: StubChatService, _ recorder: FeedRecorder, after sequence: Int = 7) async {
    await liveFeed(service, recorder).run(after: sequence) { recorder.statusChanged($0) }
}

@Suite("The live feed: long polls after the newest message, posts others' messages once, backs off after failures")
struct ChatLiveFeedTests {
    @Test func everyMessageOfOtherAuthorsIsPostedInOrderButNotTheUsersOwn() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        let fromAda = chatMessage("8", text: "Hello")
        let mine = chatMessage("9", author: testAuthor, text: "Hi Ada")
        let fromCharles = chatMessage("10", in: "engines", author: "Charles", text: "Tea?")
        service.willPoll(.success([fromAda, mine, fromCharles]))
        await run(service, recorder)
        expectNoDifference(recorder.posted, [busEvent(fromAda), busEvent(fromCharles)])
    }

    @Test func eachPollAsksAfterTheNewestMessageSeenWaitingTheLongPollsTime() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("8"), chatMessage("9", author: testAuthor)]))
        service.willPoll(.success([chatMessage("12", in: "engines")]))
        await run(service, recorder)
        #expect(service.pollsAfter == [7, 9, 12])
        #expect(service.calls == ["poll after 7 waiting 25", "poll after 9 waiting 25", "poll after 12 waiting 25"])
    }

    @Test func aMessageTheServerReturnsAgainIsNeverPostedTwice() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("8"), chatMessage("9")]))
        service.willPoll(.success([chatMessage("8"), chatMessage("9"), chatMessage("10")]))
        await run(service, recorder)
        #expect(recorder.posted.map(\.messageId) == ["8", "9", "10"])
        #expect(service.pollsAfter == [7, 9, 10])
    }

    @Test func messagesUpToTheOneItStartsAfterAreNotPosted() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("6"), chatMessage("7"), chatMessage("8")]))
        await run(service, recorder, after: 7)
        #expect(recorder.posted.map(\.messageId) == ["8"])
    }

    @Test func aMessageWhoseIdIsNotANumberIsNotPosted() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("eight"), chatMessage("8")]))
        await run(service, recorder)
        #expect(recorder.posted.map(\.messageId) == ["8"])
        #expect(service.pollsAfter == [7, 8])
    }

    @Test func failuresAreReportedWithABackoffThatDoublesAndALiveStatusAfterAPollThatWorksResetsIt() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        let failure = ChatFailure.unreachable("connection refused")
        service.willPoll(.failure(failure))
        service.willPoll(.failure(failure))
        service.willPoll(.failure(failure))
        service.willPoll(.success([chatMessage("8")]))
        service.willPoll(.failure(.status(502)))
        await run(service, recorder)
        expectNoDifference(
            recorder.statuses,
            [
                .interrupted(failure, retryIn: .seconds(1)),
                .interrupted(failure, retryIn: .seconds(2)),
                .interrupted(failure, retryIn: .seconds(4)),
                .live,
                .interrupted(.status(502), retryIn: .seconds(1)),
            ])
        #expect(recorder.slept == [.seconds(1), .seconds(2), .seconds(4), .seconds(1)])
        // After the last wait it polls again, and the stub, with nothing left to answer, ends it.
        #expect(service.pollsAfter == [7, 7, 7, 7, 8, 8])
        #expect(recorder.posted.map(\.messageId) == ["8"])
    }

    @Test func aPollThatWorksIsReportedLiveOnlyAfterFailures() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("8")]))
        service.willPoll(.failure(.unreachable("timed out")))
        service.willPoll(.success([chatMessage("9")]))
        service.willPoll(.success([chatMessage("10")]))
        await run(service, recorder)
        #expect(recorder.statuses == [.interrupted(.unreachable("timed out"), retryIn: .seconds(1)), .live])
    }

    @Test(arguments: [(1, 1), (2, 2), (3, 4), (4, 8), (5, 16), (6, 30), (7, 30), (20, 30), (100, 30)])
    func theBackoffDoublesFromOneSecondUpToThirtySeconds(failures: Int, seconds: Int) {
        #expect(ChatLiveFeed.backoff(afterFailures: failures) == .seconds(seconds))
    }

    @Test func anAnswerWithNothingNewPausesBeforeTheNextPoll() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([]))
        service.willPoll(.success([chatMessage("7")]))
        await run(service, recorder)
        #expect(recorder.slept == [ChatLiveFeed.quietPause, ChatLiveFeed.quietPause])
        #expect(ChatLiveFeed.quietPause == .seconds(1))
        #expect(recorder.statuses == [])
        #expect(recorder.posted == [])
    }

    @Test func anAnswerWithNewMessagesPollsAgainAtOnce() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("8", author: testAuthor)]))
        await run(service, recorder)
        #expect(recorder.slept == [])
        #expect(service.pollsAfter == [7, 8])
    }

    @Test func whenTheWaitAfterAFailureThrowsTheFeedEnds() async {
        let service = StubChatService()
        let recorder = FeedRecorder(sleepThrows: true)
        service.willPoll(.failure(.unreachable("connection refused")))
        service.willPoll(.success([chatMessage("8")]))
        await run(service, recorder)
        #expect(service.pollsAfter == [7])
        #expect(recorder.statuses == [.interrupted(.unreachable("connection refused"), retryIn: .seconds(1))])
        #expect(recorder.posted == [])
    }

    @Test func aCancelledPollEndsTheFeedWithoutAStatus() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.failure(.cancelled))
        service.willPoll(.success([chatMessage("8")]))
        await run(service, recorder)
        #expect(service.pollsAfter == [7])
        #expect(recorder.statuses == [])
        #expect(recorder.slept == [])
    }

    @Test func aFeedWhoseTaskIsCancelledDoesNotPoll() async {
        let service = StubChatService()
        let recorder = FeedRecorder()
        service.willPoll(.success([chatMessage("8")]))
        let feed = liveFeed(service, recorder)
        await withDiscardingTaskGroup { group in
            group.cancelAll()
            group.addTask { await feed.run(after: 7) { recorder.statusChanged($0) } }
        }
        #expect(service.pollsAfter == [])
        #expect(recorder.posted == [])
    }
}
