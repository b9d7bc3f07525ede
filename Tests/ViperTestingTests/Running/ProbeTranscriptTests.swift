import Foundation
import ProbeApp
import Testing
import ViperCore
import ViperTesting

/// The transcripts of protocol 1.1's traffic (Tests/Transcripts/probe): scripted replies to the
/// engine's requests, waits for what background work renders, bus posts. They play against the
/// test-only probe app; the same files run against its server process in ViperCLITests.
struct ProbeTranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Transcripts/probe").path

    @Test func everyProbeTranscriptPassesInProcess() async throws {
        let runner = TranscriptRunner(engine: .inProcess(apps: { [ProbeApp.factory] }), isCI: true)
        let report = try await runner.run(paths: [Self.folder])
        #expect(report.results.count >= 3)
        #expect(report.failedCount == 0, "\(report)")
    }

    @Test("A transcript that does not settle fails in bounded time, naming the step it stopped at, and the others go on")
    func aTranscriptThatNeverSettlesTimesOut() async throws {
        let hanging = """
            > initialize {"now":"2026-11-22T09:00:00Z"}
            < {"result":"{{*}}"}
            > app.start {"app":"probe"}
            < {"method":"view.navigate","params":"{{*}}"}
            < {"method":"view.render","params":"{{*}}"}
            < {"result":{"scene":"probe#1"}}
            > view.event {"scene":"probe#1","event":"fetchTapped"}
            < {"method":"view.navigate","params":"{{*}}"}
            < {"method":"view.render","params":"{{*}}"}
            < {"result":{}}
            > view.event {"scene":"probe.fetch#1","event":"slowTapped","data":{"milliseconds":600000}}
            < {"result":{}}
            """
        let quick = """
            > initialize {"now":"2026-11-22T09:00:00Z"}
            < {"result":"{{*}}"}
            """
        let folder = try TranscriptFolder(["hangs.transcript": hanging, "quick.transcript": quick])
        // Thirty seconds for steps that settle in milliseconds: beside the whole suite, whose
        // blocking tests hold the process's two cooperative threads, the first steps once took
        // more than ten. The hanging step waits ten minutes, so the limit is what ends it.
        let runner = TranscriptRunner(engine: .inProcess(apps: { [ProbeApp.factory] }), isCI: true, timeout: .seconds(30))
        let report = try await runner.run(paths: [folder.path])
        let failed = try #require(report.results.first { $0.path.hasSuffix("hangs.transcript") }?.failure)
        #expect(failed.location == folder.path("hangs.transcript") + ":11", "\(failed.location)")
        #expect(failed.description.contains("did not settle within 30 s (--timeout)"), "\(failed)")
        #expect(report.failedCount == 1, "\(report)")
    }
}
