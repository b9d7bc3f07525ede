import Testing

@testable import ViperCore

/// A client that performs HTTP itself: the engine sends it `effect.http` with an id of its own,
/// and its reply (or error) is what the Service gets.
struct EffectTests {
    private static let loading = #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.fetch","scene":"probe.fetch#1","viewModel":{"body":null,"error":null,"state":"loading","status":null}}}"#

    /// A 1.1 session that performs HTTP itself, on `probe.fetch#1`.
    private func clientDoingHTTP() async -> SessionHarness {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"now":"2026-11-22T09:00:00Z","capabilities":{"effects":["http"]}}"#)
        _ = await harness.call("app.start", #"{"app":"probe"}"#)
        _ = await harness.event("probe#1", "fetchTapped")
        return harness
    }

    private static func effect(_ id: Int, url: String) -> String {
        #"{"id":"viper:\#(id)","jsonrpc":"2.0","method":"effect.http","params":{"body":null,"headers":{"Accept":"text/plain"},"method":"GET","url":"\#(url)"}}"#
    }

    @Test func theEngineAsksTheClientAndTheRequestEndsWithWhatTheClientAnswered() async {
        let harness = await clientDoingHTTP()
        expectLines(await harness.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/news"}"#), [
            Self.loading,
            Self.effect(1, url: "https://example.com/news"),
        ])
        expectLines(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200,"headers":{"Content-Type":"text/plain"},"body":"hello"}}"#), [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe.fetch","scene":"probe.fetch#1","viewModel":{"body":"hello","error":null,"state":"loaded","status":200}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func aBodyInBase64AndAnErrorReplyReachTheService() async {
        let harness = await clientDoingHTTP()
        _ = await harness.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/a"}"#)
        let bytes = await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":404,"bodyBase64":"bm90IGhlcmU="}}"#)
        #expect(bytes.first?.contains(#""body":"not here","error":null,"state":"loaded","status":404"#) == true, "\(bytes)")
        _ = await harness.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/b"}"#)
        let failed = await harness.send(#"{"jsonrpc":"2.0","id":"viper:2","error":{"code":-1,"message":"the network is down"}}"#)
        #expect(failed.first?.contains(#""error":"the network is down","state":"failed""#) == true, "\(failed)")
    }

    @Test func aMalformedReplyIsRefusedAndTheRequestWaitsOnForAGoodOne() async {
        let harness = await clientDoingHTTP()
        _ = await harness.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/a"}"#)
        expectLines(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":"OK"}}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidReply","path":"result.status"},"message":"Invalid reply: result.status must be an HTTP status, an integer from 100 to 599. The request waits on; send a reply it can read."},"id":"viper:1","jsonrpc":"2.0"}"#,
        ])
        #expect(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200,"body":"x","bodyBase64":"eA=="}}"#).first?.contains(#""path":"result.body""#) == true)
        #expect(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","error":{"code":1}}"#).first?.contains(#""path":"error.message""#) == true)
        let good = await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":204}}"#)
        #expect(good.last == #"{"id":1,"jsonrpc":"2.0","result":{}}"#, "\(good)")
    }

    @Test func aReplyNobodyWaitsForGetsAnErrorAndChangesNothing() async {
        let harness = await clientDoingHTTP()
        expectLines(await harness.send(#"{"jsonrpc":"2.0","id":"viper:9","result":{"status":200}}"#), [
            #"{"error":{"code":-32600,"data":{"kind":"unknownReply"},"message":"Invalid request: the engine is waiting for no reply with id \"viper:9\". Reply only to the engine's own requests (ids \"viper:N\"), once each."},"id":"viper:9","jsonrpc":"2.0"}"#,
        ])
        #expect(await harness.send(#"{"jsonrpc":"2.0","id":3,"result":{}}"#).first?.contains("unknownReply") == true)
        #expect(await harness.call("engine.state").first?.contains(#""state":"idle""#) == true)
    }

    @Test func cancellingARequestThatWaitsForTheClientTellsTheClientAndALateReplyIsIgnored() async {
        let harness = await clientDoingHTTP()
        await harness.accept(SessionHarness.event(4, "probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/slow"}"#))
        _ = await harness.settled()
        await harness.accept(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#)
        let lines = await harness.settled()
        #expect(lines.first == #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"viper:1"}}"#, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"error":{"code":-32800"#) == true, "\(lines)")
        #expect(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200}}"#).isEmpty)
    }

    @Test func aClientThatClosesItsInputFailsTheEffectsItWouldHaveAnswered() async {
        let harness = await clientDoingHTTP()
        await harness.accept(SessionHarness.event(4, "probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/never"}"#))
        _ = await harness.settled()
        await harness.session.finish()
        let lines = await harness.settled()
        #expect(lines.first?.contains(#""error":"the client closed its input before answering","state":"failed""#) == true, "\(lines)")
        #expect(lines.last == #"{"id":4,"jsonrpc":"2.0","result":{}}"#)
    }

    @Test func aClientThatDidNotAskPerformsNothingAndOnePointZeroCannotAsk() async {
        let harness = SessionHarness()
        let lines = await harness.call("initialize", #"{"protocolVersion":"1.0","capabilities":{"effects":["http"]}}"#)
        #expect(!(lines.first ?? "").contains("effects"))
        _ = await harness.call("app.start", #"{"app":"probe"}"#)
        _ = await harness.event("probe#1", "fetchTapped")
        // The engine's own HTTP client answers here (this test's refuses every request).
        let fetched = await harness.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/x"}"#)
        #expect(!fetched.contains { $0.contains("effect.http") })
        #expect(fetched.dropLast().last?.contains(#""state":"failed""#) == true, "\(fetched)")
    }
}
