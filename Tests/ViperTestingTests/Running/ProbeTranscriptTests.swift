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
}
