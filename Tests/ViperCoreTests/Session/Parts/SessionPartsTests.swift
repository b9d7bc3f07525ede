import Testing
import ViperJSON

@testable import ViperCore

/// The small types a session coordinates, each on its own: what they keep, and in what order
/// they hand it back.
struct SessionPartsTests {
    private struct Silent: LiveModule {
        func deliver(_ event: ViewEventRequest) async throws(ProtocolError) {}
        func sceneDidAppear() async {}
        func clockDidChange() async {}
        func sceneDidDisappear() async {}
        func sceneDidReappear() async {}
    }

    private func scene(_ id: SceneID) -> LiveScene {
        LiveScene(id: id, module: Silent(), presentation: .push)
    }

    @Test func journalingIsOffUntilItReplaysAndHandsBackWhatItHeldWhenTheReplayEnds() throws {
        var journaling = SessionJournaling()
        #expect(journaling.mode == .off)
        #expect(!journaling.stores.isReplaying)
        journaling.startReplaying(try #require(ReplayFeed([])))
        #expect(journaling.mode == .replaying)
        #expect(journaling.stores.isReplaying)
        journaling.holdBack(askedAs: "viper:1", line: Array("first".utf8))
        journaling.holdBack(askedAs: "viper:2", line: Array("second".utf8))
        let held = journaling.endReplaying()
        #expect(held.map(\.id) == ["viper:1", "viper:2"])
        #expect(journaling.mode == .off, "no journal: nothing records after the replay")
        #expect(!journaling.stores.isReplaying)
        #expect(journaling.endReplaying().isEmpty, "what was held is handed back once")
    }

    @Test func theStackNumbersEachKindOnItsOwnAndKeepsCountingAfterScenesLeave() {
        var stack = LiveSceneStack()
        let list = stack.nextID(of: "todo.list")
        stack.push(scene(list))
        let firstAdd = stack.nextID(of: "todo.add")
        stack.push(scene(firstAdd))
        _ = stack.pop()
        let secondAdd = stack.nextID(of: "todo.add")
        stack.push(scene(secondAdd))
        #expect(stack.names == ["todo.list#1", "todo.add#2"])
        #expect(stack.position(named: "todo.add#2") == 1)
        #expect(stack.scene(named: "todo.add#1") == nil)
        #expect(stack.positions == [list: 0, secondAdd: 1])
        let removed = stack.removeAll()
        #expect(removed.map(\.name) == ["todo.list#1", "todo.add#2"])
        #expect(stack.isEmpty)
    }

    @Test func busSubscribersComeBottomOfTheStackFirstThenInTheOrderTheyWereMade() {
        let bottom = SceneID(kind: "a", number: 1)
        let top = SceneID(kind: "b", number: 1)
        let gone = SceneID(kind: "c", number: 1)
        var subscriptions = BusSubscriptions()
        for (scene, name) in [(top, "ping"), (bottom, "ping"), (gone, "ping"), (bottom, "other"), (top, "ping")] {
            subscriptions.add(BusSubscription(scene: scene, name: name) { _ in true })
        }
        let order = subscriptions.subscribers(to: "ping", positions: [bottom: 0, top: 1]).map(\.scene)
        #expect(order == [bottom, top, top])
        subscriptions.removeAll(of: top)
        #expect(subscriptions.subscribers(to: "ping", positions: [bottom: 0, top: 1]).map(\.scene) == [bottom])
    }

    @Test func repliesGivenUpOnAreForgottenOnceTheirLateReplyComes() {
        var replies = PendingReplies()
        let first = replies.nextID()
        let second = replies.nextID()
        #expect([first, second] == ["viper:1", "viper:2"])
        replies.add(PendingReply(deliver: { _ in }, fail: { _ in }, cancel: {}, countsForRequest: true), as: first)
        replies.add(PendingReply(deliver: { _ in }, fail: { _ in }, cancel: {}, countsForRequest: false), as: second)
        #expect(replies.awaitedByRequest == [first])
        let abandoned = replies.abandon(first)
        let again = replies.abandon(first)
        #expect(abandoned != nil && again == nil)
        let late = replies.forgetAbandoned(first)
        let later = replies.forgetAbandoned(first)
        #expect(late && !later)
        let left = replies.endInput()
        #expect(left.map(\.countsForRequest) == [false])
        #expect(replies.inputEnded)
    }

    @Test func theSchedulerIsSettledWhenNothingWaitsOrTheRunningRequestWaitsForTheClient() {
        var scheduler = RequestScheduler()
        #expect(scheduler.isSettled && scheduler.isIdle)
        let request = IncomingRequest(id: .number("1"), method: "engine.state", params: nil)
        let mustStartRunner = scheduler.enqueue(.request(request, supersedingKey: nil, cancelled: false))
        #expect(mustStartRunner)
        #expect(!scheduler.isSettled)
        guard case .request(let next, _, cancelled: false)? = scheduler.next() else { Issue.record("no request"); return }
        scheduler.begin(next, supersedingKey: nil)
        #expect(!scheduler.isSettled)
        scheduler.awaitsReply(true)
        #expect(scheduler.isSettled && !scheduler.isIdle)
        let cancelled = scheduler.cancelRunning()
        let cancelledAgain = scheduler.cancelRunning()
        #expect(cancelled && !cancelledAgain)
        let ran = scheduler.end()
        #expect(ran?.isCancelled == true)
        #expect(scheduler.isIdle)
    }

    @Test func queuedRequestsAreCancelledInPlaceAndStillTakeTheirTurn() {
        var scheduler = RequestScheduler()
        for number in 1...3 {
            _ = scheduler.enqueue(.request(IncomingRequest(id: .number("\(number)"), method: "engine.state", params: nil), supersedingKey: nil, cancelled: false))
        }
        scheduler.cancelQueued { request, _ in request.id == .number("2") }
        var seen: [String] = []
        while let item = scheduler.next() {
            if case .request(let request, _, let cancelled) = item, case .number(let id)? = request.id { seen.append(id + (cancelled ? " cancelled" : "")) }
        }
        #expect(seen == ["1", "2 cancelled", "3"])
    }
}
