import Testing

@testable import ViperCore

private func navigate(_ action: String, _ scene: String, _ kind: String, from: String? = nil) -> String {
    let fromMember = from.map { #""from":"\#($0)","# } ?? ""
    return #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"\#(action)",\#(fromMember)"kind":"\#(kind)","scene":"\#(scene)"}}"#
}

/// `view.back` and the Routers' pops: a pushed scene is popped, a presented one dismissed, each
/// leaving scene announced top first, and the scene revealed told it is on top again.
struct GoingBackTests {
    @Test func backPopsAPushedSceneAndTheRevealedSceneHearsIt() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        _ = await harness.event("probe.feed#1", "pushTapped")
        expectLines(await harness.call("view.back", #"{"scene":"probe#2"}"#), [
            navigate("pop", "probe#2", "probe", from: "probe.feed#1"),
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.feed","scene":"probe.feed#1","viewModel":{"lastPing":null,"pings":0,"reappeared":1,"ticks":0}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func backDismissesAPresentedScene() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        expectLines(await harness.call("view.back", #"{"scene":"probe#2"}"#), [
            navigate("dismiss", "probe#2", "probe", from: "probe#1"),
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func backRefusesTheRootACoveredSceneAndAnUnknownOne() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.call("view.back", #"{"scene":"probe#1"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"cannotGoBack","scene":"probe#1"},"message":"Invalid params: probe#1 is the root of the stack; there is nothing to go back to."},"id":1,"jsonrpc":"2.0"}"#,
        ])
        _ = await harness.event("probe#1", "pushTapped")
        expectLines(await harness.call("view.back", #"{"scene":"probe#1"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"notTopScene","scene":"probe#1"},"message":"Invalid params: probe#1 is covered by probe#2; only the top scene can go back. Send view.back for probe#2."},"id":1,"jsonrpc":"2.0"}"#,
        ])
        #expect(await harness.call("view.back", #"{"scene":"probe#7"}"#).first?.contains(#""kind":"unknownScene""#) == true)
        #expect(await harness.call("view.back", "{}").first?.contains(#""path":"params.scene""#) == true)
        // Nothing moved.
        #expect(await harness.call("engine.state").first?.contains(#""scene":"probe#2""#) == true)
    }

    @Test func popToRootTakesEverySceneAboveTheRootTopFirst() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "pushTapped")
        _ = await harness.event("probe#2", "presentTapped")
        _ = await harness.event("probe#3", "pushTapped")
        expectLines(await harness.event("probe#4", "popToRootTapped"), [
            navigate("pop", "probe#4", "probe", from: "probe#3"),
            navigate("dismiss", "probe#3", "probe", from: "probe#2"),
            navigate("pop", "probe#2", "probe", from: "probe#1"),
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func aRouterReplacingTheStackNamesItselfAndTheOldScenesAreGone() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "feedTapped")
        // Its first tick would come after the stack is replaced.
        _ = await harness.event("probe.feed#1", "tickTapped", #"{"every":600,"times":1000}"#)
        // On a loaded machine the first tick may come before the push: it is the feed's, not the push's.
        let pushed = await harness.event("probe.feed#1", "pushTapped").filter { !$0.contains(#""scene":"probe.feed#1""#) }
        expectLines(pushed, [
            navigate("push", "probe#2", "probe", from: "probe.feed#1"),
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#2","viewModel":{"count":0,"today":"2026-11-22"}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
        let restarted = await harness.event("probe#2", "restartTapped").filter { !$0.contains(#""scene":"probe.feed#1""#) }
        expectLines(restarted, [
            navigate("root", "probe#3", "probe", from: "probe#2"),
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#3","viewModel":{"count":0,"today":"2026-11-22"}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
        #expect(await harness.event("probe.feed#1", "closeTapped").first?.contains("unknownScene") == true)
        // The feed's timer went with it.
        #expect(await harness.lines(1, within: .milliseconds(900)).isEmpty)
    }

    @Test func inOnePointZeroPushedScenesLeaveWithDismissAndViewBackDoesNotExist() async {
        let harness = SessionHarness()
        await harness.start(version: "1.0")
        _ = await harness.event("probe#1", "pushTapped")
        #expect(await harness.call("view.back", #"{"scene":"probe#2"}"#).first?.contains("methodNotFound") == true)
        expectLines(await harness.event("probe#2", "popTapped"), [
            navigate("dismiss", "probe#2", "probe", from: "probe#1"),
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }
}
