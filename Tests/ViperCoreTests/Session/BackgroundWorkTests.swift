import Testing

@testable import ViperCore

private func feed(_ pings: Int, _ lastPing: String?, ticks: Int, reappeared: Int = 0, scene: String = "probe.feed#1") -> String {
    let last = lastPing.map { #""\#($0)""# } ?? "null"
    return #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"\#(scene)","viewModel":{"lastPing":\#(last),"pings":\#(pings),"reappeared":\#(reappeared),"ticks":\#(ticks)}}}"#
}

/// Work a scene owns beyond requests: its renders arrive by themselves, after the response of
/// a request running then, it ends with the scene, and `engine.idle` knows when it waits.
struct BackgroundWorkTests {
    private func feedScene() async -> SessionHarness {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        return harness
    }

    @Test func aTimersRendersArriveWhileTheClientSendsNothing() async {
        let harness = await feedScene()
        expectLines(await harness.event("probe.feed#1", "tickTapped", #"{"every":10,"times":2}"#), [
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
        expectLines(await harness.lines(2), [feed(0, nil, ticks: 1), feed(0, nil, ticks: 2)])
    }

    @Test("a timer on the fixed session clock ends when clock.set reaches it, not on real time, and engine.idle waits for what it sets off")
    func aTimerRunsOnTheSessionClock() async {
        let harness = await feedScene()
        let done = #"{"id":1,"jsonrpc":"2.0","result":{}}"#
        expectLines(await harness.event("probe.feed#1", "waitTapped", #"{"seconds":60}"#), [done])
        try? await Task.sleep(for: .milliseconds(100))
        expectLines(await harness.call("engine.idle"), [done])
        let early = await harness.call("clock.set", #"{"now":"2026-11-22T09:00:59Z"}"#)
        #expect(!early.contains(feed(0, nil, ticks: 1)), "\(early)")
        expectLines(Array(early.suffix(1)), [done])
        // The tick comes after clock.set's response, and before engine.idle's at the latest.
        let reached = await harness.call("clock.set", #"{"now":"2026-11-22T09:01:00Z"}"#)
        let lines = reached + (await harness.call("engine.idle"))
        let tick = feed(0, nil, ticks: 1)
        #expect(lines.filter { $0 == tick }.count == 1 && lines.last == done, "\(lines)")
        #expect((lines.firstIndex(of: tick) ?? -1) > (lines.firstIndex(of: done) ?? lines.count), "\(lines)")
    }

    @Test func backgroundOutputWhileARequestRunsFollowsItsResponse() async {
        let harness = await feedScene()
        _ = await harness.event("probe#1", "fetchTapped")
        // A loaded machine may tick before the slow request is sent: those ticks come with the
        // tap's own lines, after its response.
        let tapped = await harness.event("probe.feed#1", "tickTapped", #"{"every":5,"times":3}"#)
        let ticksBefore = tapped.dropFirst()
        let lines = await harness.event("probe.fetch#1", "slowTapped", #"{"milliseconds":120}"#)
        // The request's own lines first, ending with its response; the ticks of meanwhile after.
        #expect(lines.first?.contains(#""state":"waiting""#) == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains(#""state":"waited""#) == true, "\(lines)")
        #expect(lines.dropFirst(2).first == #"{"id":1,"jsonrpc":"2.0","result":{}}"#, "\(lines)")
        let after = lines.dropFirst(3) + (await harness.lines(max(0, 3 - ticksBefore.count - (lines.count - 3))))
        #expect(Array(ticksBefore + after) == [feed(0, nil, ticks: 1), feed(0, nil, ticks: 2), feed(0, nil, ticks: 3)])
    }

    @Test func aRequestOfBackgroundWorkWhileARequestRunsFollowsItsResponse() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"now":"2026-11-22T09:00:00Z","capabilities":{"effects":["http"]}}"#)
        _ = await harness.call("app.start", #"{"app":"probe"}"#)
        _ = await harness.event("probe#1", "feedTapped")
        _ = await harness.event("probe#1", "fetchTapped")
        let poll = #"{"id":"viper:1","jsonrpc":"2.0","method":"effect.http","params":{"body":null,"headers":{"Accept":"text/plain"},"method":"GET","url":"https://example.com/poll"}}"#
        // As with ticks, a loaded machine may send the poll before the slow request is sent.
        let tapped = await harness.event("probe.feed#1", "pollTapped", #"{"url":"https://example.com/poll","after":5}"#)
        let lines = await harness.event("probe.fetch#1", "slowTapped", #"{"milliseconds":120}"#)
        #expect(lines.first?.contains(#""state":"waiting""#) == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains(#""state":"waited""#) == true, "\(lines)")
        #expect(lines.dropFirst(2).first == #"{"id":1,"jsonrpc":"2.0","result":{}}"#, "\(lines)")
        let before = tapped.dropFirst() + lines.dropFirst(3)
        #expect(Array(before + (await harness.lines(max(0, 1 - before.count)))) == [poll])
    }

    @Test func aSceneThatLeavesTakesItsWorkWithIt() async {
        let harness = await feedScene()
        _ = await harness.event("probe.feed#1", "tickTapped", #"{"every":20,"times":1000}"#)
        _ = await harness.lines(1)
        #expect(await harness.event("probe.feed#1", "closeTapped").contains { $0.contains(#""action":"pop""#) })
        try? await Task.sleep(for: .milliseconds(100))
        #expect(await harness.lines(1, within: .milliseconds(100)).isEmpty)
    }

    @Test func engineIdleAnswersAtOnceWhenBackgroundWorkWaitsOnATimer() async {
        let harness = await feedScene()
        // Had engine.idle waited for the timer, the tick's render would come before its answer.
        _ = await harness.event("probe.feed#1", "tickTapped", #"{"every":60000,"times":1}"#)
        expectLines(await harness.call("engine.idle"), [#"{"id":1,"jsonrpc":"2.0","result":{}}"#])
    }

    @Test func engineIdleWaitsForBusyBackgroundWorkAndComesAfterItsOutput() async {
        let harness = await feedScene()
        expectLines(await harness.event("probe.feed#1", "crunchTapped", #"{"steps":2000}"#), [#"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        // Sent while the crunch still runs, answered only once it has rendered and ended.
        expectLines(await harness.call("engine.idle"), [feed(0, nil, ticks: 1), #"{"id":1,"jsonrpc":"2.0","result":{}}"#])
    }

    @Test func aCancelledEngineIdleIsAnsweredCancelled() async {
        let harness = await feedScene()
        _ = await harness.event("probe.feed#1", "crunchTapped", #"{"steps":200000}"#)
        await harness.accept(SessionHarness.request(5, "engine.idle"))
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#)
        let lines = await harness.settled()
        #expect(lines.first?.hasPrefix(#"{"error":{"code":-32800"#) == true, "\(lines)")
    }
}
