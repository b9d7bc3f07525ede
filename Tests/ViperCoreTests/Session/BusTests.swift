import Testing

@testable import ViperCore

/// `notification.post` and services posting: events from outside the View reach every live
/// module subscribed to them, and nothing else.
struct BusTests {
    private func ping(_ text: String) -> String {
        #"{"name":"probe.ping","payload":{"text":"\#(text)"}}"#
    }

    @Test func aPostReachesEverySubscribedSceneBottomFirstAndSaysHowMany() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        _ = await harness.event("probe.feed#1", "pushTapped")
        _ = await harness.event("probe#2", "feedTapped")
        expectLines(await harness.call("notification.post", ping("hello")), [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"probe.feed#1","viewModel":{"lastPing":"hello","pings":1,"reappeared":0,"ticks":0}}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"probe.feed#2","viewModel":{"lastPing":"hello","pings":1,"reappeared":0,"ticks":0}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{"delivered":2}}"#,
        ])
    }

    @Test func aPostNobodyHearsIsDeliveredToNone() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.call("notification.post", ping("alone")), [#"{"id":1,"jsonrpc":"2.0","result":{"delivered":0}}"#])
        _ = await harness.event("probe#1", "feedTapped")
        expectLines(await harness.call("notification.post", #"{"name":"probe.unheard","payload":{"text":"x"}}"#), [
            #"{"id":1,"jsonrpc":"2.0","result":{"delivered":0}}"#,
        ])
    }

    @Test func aPayloadThatDoesNotFitTheDeclaredEventIsRefusedAndChangesNothing() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        expectLines(await harness.call("notification.post", #"{"name":"probe.ping","payload":{"text":42}}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.payload.text"},"message":"Invalid params: params.payload.text must be a string, not a number."},"id":1,"jsonrpc":"2.0"}"#,
        ])
        expectLines(await harness.call("notification.post", #"{"name":"probe.ping"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.payload.text"},"message":"Invalid params: params.payload.text is missing."},"id":1,"jsonrpc":"2.0"}"#,
        ])
        #expect(await harness.call("notification.post", #"{"payload":{}}"#).first?.contains(#""path":"params.name""#) == true)
        // The scene saw none of it.
        expectLines(await harness.call("notification.post", ping("after")), [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"probe.feed#1","viewModel":{"lastPing":"after","pings":1,"reappeared":0,"ticks":0}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{"delivered":1}}"#,
        ])
    }

    @Test func aSceneThatLeftHearsNothingMore() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        _ = await harness.event("probe.feed#1", "closeTapped")
        expectLines(await harness.call("notification.post", ping("late")), [#"{"id":1,"jsonrpc":"2.0","result":{"delivered":0}}"#])
    }

    @Test func aServicePostingFromTheBackgroundReachesSubscribersUnasked() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        let answered = await harness.event("probe.feed#1", "echoTapped", #"{"text":"from afar","after":10}"#)
        // The render comes by itself after the response: usually later, but on a loaded machine
        // the 10 ms may pass before the response's lines are taken, and it is among them.
        let cameLater = answered.count == 1 ? await harness.lines(1) : []
        expectLines(answered + cameLater, [
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"probe.feed#1","viewModel":{"lastPing":"from afar","pings":1,"reappeared":0,"ticks":0}}}"#,
        ])
    }
}
