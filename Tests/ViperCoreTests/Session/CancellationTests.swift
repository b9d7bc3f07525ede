import Testing

@testable import ViperCore

/// `$/cancelRequest` and superseding events: a cancelled request is answered -32800 after what
/// it had caused, and its scene shows what it showed before.
struct CancellationTests {
    private static let idle = #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.fetch","scene":"probe.fetch#1","viewModel":{"body":null,"error":null,"state":"idle","status":null}}}"#
    private static let loading = #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.fetch","scene":"probe.fetch#1","viewModel":{"body":null,"error":null,"state":"loading","status":null}}}"#

    /// A session showing `probe.fetch#1` over the probe root, whose HTTP requests wait.
    private func fetchScene() async -> (SessionHarness, HeldHTTPClient) {
        let http = HeldHTTPClient()
        let harness = SessionHarness(http: http)
        await harness.start()
        _ = await harness.event("probe#1", "fetchTapped")
        return (harness, http)
    }

    @Test func cancellingTheRunningRequestAnswersItCancelledAndTheSceneShowsWhatItShowedBefore() async {
        let (harness, http) = await fetchScene()
        await harness.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"http://127.0.0.1:9/slow"}"#))
        await http.untilWaiting(1)
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        expectLines(await harness.settled(), [
            Self.loading,
            Self.idle,
            #"{"error":{"code":-32800,"data":{"kind":"cancelled"},"message":"Cancelled: the 'view.event' request was cancelled before it finished; what it had shown stays."},"id":7,"jsonrpc":"2.0"}"#,
        ])
        // The session goes on with the next request as usual.
        #expect(await harness.call("engine.state").first?.contains(#""state":"idle""#) == true)
    }

    @Test func cancellingAQueuedRequestAnswersItCancelledInItsTurnWithoutRunningIt() async {
        let (harness, http) = await fetchScene()
        await harness.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"http://127.0.0.1:9/first"}"#))
        await harness.accept(SessionHarness.event(8, "probe#1", "countChanged", #"{"count":5}"#))
        await http.untilWaiting(1)
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"8"}}"#)
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":8.0}}"#)
        http.answerOldest(body: "first")
        let lines = await harness.settled()
        #expect(lines.last == #"{"error":{"code":-32800,"data":{"kind":"cancelled"},"message":"Cancelled: the 'view.event' request was cancelled before it finished; what it had shown stays."},"id":8,"jsonrpc":"2.0"}"#)
        #expect(lines.dropLast().last == #"{"id":7,"jsonrpc":"2.0","result":{}}"#)
        #expect(!lines.contains { $0.contains(#""count":5"#) }, "the cancelled request ran: \(lines)")
    }

    @Test func aCancelReachesEveryRequestThatSharesTheId() async {
        let (harness, http) = await fetchScene()
        await harness.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"http://127.0.0.1:9/first"}"#))
        await harness.accept(SessionHarness.event(7, "probe#1", "countChanged", #"{"count":5}"#))
        await http.untilWaiting(1)
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        let lines = await harness.settled()
        #expect(lines.filter { $0.contains(#""kind":"cancelled""#) && $0.contains(#""id":7"#) }.count == 2, "\(lines)")
        #expect(!lines.contains { $0.contains(#""count":5"#) }, "the cancelled request ran: \(lines)")
    }

    @Test func aCancelForAnUnknownOrFinishedIdChangesNothing() async {
        let (harness, _) = await fetchScene()
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}}"#)
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"nope":1}}"#)
        #expect(await harness.settled().isEmpty)
        #expect(await harness.event("probe#1", "countChanged", #"{"count":2}"#).last == #"{"id":1,"jsonrpc":"2.0","result":{}}"#)
    }

    @Test func cancelRequestSentWithAnIdIsRefusedAsTheNotificationItIs() async {
        let (harness, _) = await fetchScene()
        expectLines(await harness.call("$/cancelRequest", #"{"id":5}"#), [
            #"{"error":{"code":-32600,"data":{"kind":"invalidRequest"},"message":"Invalid request: $/cancelRequest is a notification: send it without an id."},"id":1,"jsonrpc":"2.0"}"#,
        ])
    }

    @Test func aNewerSupersedingEventCancelsTheOneStillRunning() async {
        let (harness, http) = await fetchScene()
        await harness.accept(SessionHarness.event(7, "probe.fetch#1", "queryChanged", #"{"url":"http://127.0.0.1:9/search","query":"pa"}"#))
        await http.untilWaiting(1)
        await harness.accept(SessionHarness.event(8, "probe.fetch#1", "queryChanged", #"{"url":"http://127.0.0.1:9/search","query":"par"}"#))
        await http.untilWaiting(1)
        #expect(http.waiting == ["http://127.0.0.1:9/search?q=par"])
        http.answerOldest(body: "Paris")
        let lines = await harness.settled()
        #expect(lines.contains { $0.hasPrefix(#"{"error":{"code":-32800"#) && $0.contains(#""id":7"#) }, "\(lines)")
        #expect(lines.last == #"{"id":8,"jsonrpc":"2.0","result":{}}"#)
        #expect(lines.dropLast().last?.contains(#""body":"Paris""#) == true, "\(lines)")
    }

    @Test func aSupersedingEventCancelsItsQueuedTwinButNotOtherScenesOrEvents() async throws {
        let (harness, http) = await fetchScene()
        await harness.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"http://127.0.0.1:9/hold"}"#))
        await harness.accept(SessionHarness.event(8, "probe.fetch#1", "queryChanged", #"{"url":"http://127.0.0.1:9/search","query":"a"}"#))
        await harness.accept(SessionHarness.event(9, "probe.fetch#1", "queryChanged", #"{"url":"http://127.0.0.1:9/search","query":"ab"}"#))
        await http.untilWaiting(1)
        http.answerOldest(body: "held")
        await http.untilWaiting(1)
        #expect(http.waiting == ["http://127.0.0.1:9/search?q=ab"])
        http.answerOldest(body: "found")
        let lines = await harness.settled()
        let answers = lines.filter { $0.contains(#""id":"#) }
        try #require(answers.count == 3, "\(lines)")
        #expect(answers[0] == #"{"id":7,"jsonrpc":"2.0","result":{}}"#)
        #expect(answers[1].contains("-32800") && answers[1].contains(#""id":8"#))
        #expect(answers[2] == #"{"id":9,"jsonrpc":"2.0","result":{}}"#)
    }

    @Test func aOnePointZeroSessionHasNoCancellation() async {
        let http = HeldHTTPClient()
        let harness = SessionHarness(http: http)
        await harness.start(version: "1.0")
        #expect(await harness.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#).isEmpty)
        #expect(await harness.call("$/cancelRequest", #"{"id":1}"#).first?.contains("methodNotFound") == true)
    }
}
