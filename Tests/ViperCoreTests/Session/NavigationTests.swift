import CustomDump
import Testing
@testable import ViperCore

struct NavigationTests {
    @Test func startingAnAppAnnouncesItsRootRendersItAndThenAnswers() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"now":"2026-11-22T09:00:00Z"}"#)
        expectLines(await harness.call("app.start", #"{"app":"probe"}"#), [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"root","kind":"probe","scene":"probe#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#1","viewModel":{"count":0,"today":"2026-11-22"}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{"scene":"probe#1"}}"#,
        ])
    }

    @Test func startingAnUnknownAppNamesTheAppsThereAre() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize")
        expectLines(await harness.call("app.start", #"{"app":"nope"}"#), [
            #"{"error":{"code":-32602,"data":{"app":"nope","kind":"unknownApp"},"message":"Invalid params: no app is named 'nope'. Apps: probe."},"id":1,"jsonrpc":"2.0"}"#
        ])
    }

    @Test func presentedAndPushedScenesSayWhichSceneOpenedThem() async {
        let harness = SessionHarness()
        await harness.start()
        #expect(await harness.event("probe#1", "presentTapped").first == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"present","from":"probe#1","kind":"probe","scene":"probe#2"}}"#)
        #expect(await harness.event("probe#2", "pushTapped").first == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"push","from":"probe#2","kind":"probe","scene":"probe#3"}}"#)
    }

    @Test func sceneNumbersCountPerKindAndAreNeverReused() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        _ = await harness.event("probe#2", "closeTapped")
        #expect(await harness.event("probe#1", "alertTapped").first?.contains(#""scene":"alert#1""#) == true)
        _ = await harness.event("alert#1", "dismissTapped")
        #expect(await harness.event("probe#1", "presentTapped").first?.contains(#""scene":"probe#3""#) == true)
    }

    @Test(arguments: [("1.1", "pop"), ("1.0", "dismiss")])
    func dismissingASceneRemovesItAndEverySceneAboveItTopFirstAPushedOnePopped(version: String, pushedLeaves: String) async {
        let harness = SessionHarness()
        await harness.start(version: version)
        _ = await harness.event("probe#1", "presentTapped")
        _ = await harness.event("probe#2", "pushTapped")
        _ = await harness.event("probe#3", "alertTapped")
        expectLines(await harness.event("probe#2", "closeTapped"), [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"probe#3","kind":"alert","scene":"alert#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"\#(pushedLeaves)","from":"probe#2","kind":"probe","scene":"probe#3"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"probe#1","kind":"probe","scene":"probe#2"}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
        #expect(await harness.event("probe#3", "closeTapped").first?.contains("unknownScene") == true)
    }

    @Test func dismissingTheRootLeavesAnEmptyStack() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.event("probe#1", "closeTapped"), [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","kind":"probe","scene":"probe#1"}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
        expectLines(await harness.call("engine.state"), [#"{"id":1,"jsonrpc":"2.0","result":{"stack":[]}}"#])
    }

    @Test func startingTheAppAgainReplacesTheWholeStack() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        let lines = await harness.call("app.start", #"{"app":"probe"}"#)
        #expect(lines.first == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"root","kind":"probe","scene":"probe#3"}}"#)
        expectLines(await harness.call("engine.state"), [
            #"{"id":1,"jsonrpc":"2.0","result":{"stack":[{"kind":"probe","scene":"probe#3","viewModel":{"count":0,"today":"2026-11-22"}}]}}"#
        ])
    }

    @Test func scenesBelowTheTopStillReceiveEventsAndNewScenesGoOnTop() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        #expect(await harness.event("probe#1", "presentTapped").first == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"present","from":"probe#1","kind":"probe","scene":"probe#3"}}"#)
        let state = await harness.call("engine.state").joined()
        #expect(state.contains(#""scene":"probe#2""#) && state.contains(#""scene":"probe#3""#))
    }

    @Test func aNavigatorKnowsWhetherItsSceneIsOnTop() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        let covered = Navigator(session: harness.session, scene: SceneID(kind: "probe", number: 1))
        let top = Navigator(session: harness.session, scene: SceneID(kind: "probe", number: 2))
        #expect(await covered.isOnTop == false)
        #expect(await top.isOnTop == true)
        _ = await harness.event("probe#2", "closeTapped")
        #expect(await covered.isOnTop == true)
        #expect(await top.isOnTop == false)
    }
}
