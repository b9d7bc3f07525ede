import Foundation
import LoopbackServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Protocol 1.1 over real pipes, through the test-only probe app's server: cancellation, a
/// render that arrives while the client sends nothing, going back, an effect round trip, and
/// the engine's own HTTP against a server on 127.0.0.1.
struct ProtocolOneOneTests {
    private func started(_ initialize: String = #"{"now":"2026-11-22T09:00:00Z"}"#) throws -> ServeProcess {
        let engine = try ServeProcess(probe: [])
        let opened = try engine.call(Wire.request(1, "initialize", initialize))
        guard opened.last?.contains(#""protocolVersion":"1.1""#) == true else {
            throw ServeProcess.Failure(description: "initialize did not open 1.1: \(opened)")
        }
        _ = try engine.call(Wire.request(2, "app.start", #"{"app":"probe"}"#))
        return engine
    }

    @Test func aRequestIsCancelledWhileItRunsAndTheEngineGoesOn() throws {
        let engine = try started()
        _ = try engine.call(Wire.event(3, "probe#1", "fetchTapped"))
        engine.write(line: Wire.event(4, "probe.fetch#1", "slowTapped", #"{"milliseconds":600000}"#))
        // The request runs: it has shown that it waits.
        #expect(try engine.readLine().contains(#""state":"waiting""#))
        engine.write(line: #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#)
        // The request would run ten minutes: its answer before engine.state's is the cancellation.
        let lines = try engine.call(Wire.request(5, "engine.state"))
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.contains(#""state":"idle""#) == true, "the scene shows what it showed before: \(lines)")
        #expect(ErrorLine(lines[1]) == ErrorLine(id: "4", code: -32800, kind: "cancelled"), "\(lines)")
        #expect(WireJSON.isResponse(lines[2], toID: "5"))
        #expect(lines[2].contains(#""state":"idle""#))
        #expect(try engine.finish().status == 0)
    }

    @Test func aRenderArrivesWhileTheClientSendsNothing() throws {
        let engine = try started()
        _ = try engine.call(Wire.event(3, "probe#1", "feedTapped"))
        expectSameLines(try engine.call(Wire.event(4, "probe.feed#1", "tickTapped", #"{"every":50,"times":2}"#)), [Wire.result(4, "{}")])
        // Nothing more is sent: the ticks come by themselves.
        let first = try engine.readLine()
        let second = try engine.readLine()
        #expect(first.contains(#""ticks":1"#) && second.contains(#""ticks":2"#), "\(first)\n\(second)")
        #expect(try engine.finish().status == 0)
    }

    @Test func backPopsThePushedSceneAndRefusesTheRoot() throws {
        let engine = try started()
        _ = try engine.call(Wire.event(3, "probe#1", "pushTapped"))
        expectSameLines(try engine.call(Wire.request(4, "view.back", #"{"scene":"probe#2"}"#)), [
            Wire.navigate("pop", "probe#2", from: "probe#1"),
            Wire.result(4, "{}"),
        ])
        let refused = try engine.call(Wire.request(5, "view.back", #"{"scene":"probe#1"}"#))
        #expect(refused.map(ErrorLine.init) == [ErrorLine(id: "5", code: -32602, kind: "cannotGoBack")], "\(refused)")
    }

    @Test func anEffectMakesTheRoundTripThroughTheClient() throws {
        let engine = try started(#"{"now":"2026-11-22T09:00:00Z","capabilities":{"effects":["http"]}}"#)
        _ = try engine.call(Wire.event(3, "probe#1", "fetchTapped"))
        engine.write(line: Wire.event(4, "probe.fetch#1", "fetchTapped", #"{"url":"https://news.example/today"}"#))
        let loading = try engine.readLine()
        let effect = try engine.readLine()
        #expect(loading.contains(#""state":"loading""#), "\(loading)")
        #expect(effect == #"{"id":"viper:1","jsonrpc":"2.0","method":"effect.http","params":{"body":null,"headers":{"Accept":"text/plain"},"method":"GET","url":"https://news.example/today"}}"#)
        let answered = try engine.call(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200,"headers":{},"body":"extra!"}}"#, responseID: "4")
        #expect(answered.first?.contains(#""body":"extra!","error":null,"state":"loaded","status":200"#) == true, "\(answered)")
        #expect(answered.last == Wire.result(4, "{}"))
    }

    @Test func theEnginesOwnHTTPReachesARealServer() async throws {
        let server = try await LoopbackServer.start([
            ("GET /today", { _ in LoopbackServer.Response(body: Data("from the server".utf8)) }),
        ])
        let engine = try started()
        _ = try engine.call(Wire.event(3, "probe#1", "fetchTapped"))
        let lines = try engine.call(Wire.event(4, "probe.fetch#1", "fetchTapped", #"{"url":"\#(server.baseURL)/today"}"#))
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[1].contains(#""body":"from the server","error":null,"state":"loaded","status":200"#), "\(lines)")
        await server.stop()
    }
}

/// The transcripts of 1.1's traffic, played by `viper test` against the probe's server process.
struct ProbeTranscriptCommandTests {
    @Test func theProbeTranscriptsPassAgainstTheProbeServer() throws {
        let folder = DocumentedSession.packageRoot.appendingPathComponent("Tests/Transcripts/probe").path
        let run = try ServeProcess(arguments: ["test", "--exec", ViperBinary.probePath, folder]).finish()
        #expect(run.status == 0, "\(run.remainingLines.joined(separator: "\n"))")
        #expect(run.remainingLines.last == "3 passed, 0 failed")
    }
}
