import Foundation
import ProbeApp
import Testing

@testable import ViperTesting

/// Transcripts that pin invariants (`! check NAME`), played in process: the planted spinner's
/// story fails while the bug is there, names the invariant, and passes once it is fixed.
struct CheckedTranscriptTests {
    private static let spinner = """
        # The planted spinner: a load cancelled by the View leaves it on.
        $ viper serve
        ! check idle-settles
        > initialize {"capabilities":{"effects":["http"]},"now":"2026-11-19T09:00:00Z"}
        > app.start {"app":"planted"}
        > view.event {"scene":"planted.home#1","event":"loadTapped"}
        > view.event {"scene":"planted.load#1","event":"loadTapped"}
        >> {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}
        > engine.idle

        """

    private func report(fixed: Bool, _ text: String) async throws -> TranscriptReport {
        let folder = try TranscriptFolder(["story.transcript": text])
        return try await TranscriptRunner(engine: .inProcess(apps: { [PlantedApp.factory(fixed: fixed)] }), isCI: true).run(paths: [folder.path])
    }

    @Test func theStoryFailsWhileTheBugIsThereAndPassesOnceItIsFixed() async throws {
        let buggy = try await report(fixed: false, Self.spinner)
        #expect(buggy.failedCount == 1)
        let message = buggy.results.first?.failure?.message ?? ""
        #expect(message.hasPrefix("broke the invariant idle-settles"), "\(message)")
        #expect(message.contains(#"planted.load#1 is still busy (state: "loading")"#), "\(message)")
        let fixed = try await report(fixed: true, Self.spinner)
        #expect(fixed.failedCount == 0, "\(fixed)")
    }

    @Test func expectedLinesStillCompareAndSameBytesPlaysTwice() async throws {
        let text = """
            $ viper serve
            ! check same-bytes-on-replay no-crash
            > initialize {"now":"2026-11-19T09:00:00Z"}
            > app.start {"app":"planted"}
            < {"method":"view.navigate","params":{"action":"root","kind":"planted.home","scene":"planted.home#1"}}
            < {"method":"view.render","params":{"kind":"planted.home","scene":"planted.home#1","viewModel":{"title":"Something else"}}}
            < {"result":{"scene":"planted.home#1"}}

            """
        let wrong = try await report(fixed: true, text)
        #expect(wrong.results.first?.failure?.message == "the engine answered differently")
        let right = try await report(fixed: true, text.replacingOccurrences(of: "Something else", with: "Planted bugs"))
        #expect(right.failedCount == 0, "\(right)")
    }

    @Test func anUnknownInvariantIsRefusedNamingTheOnesThereAre() async throws {
        let bad = try await report(fixed: true, "! check fast\n> initialize\n")
        #expect(bad.results.first?.failure?.message.contains("'fast' is no invariant; the invariants are no-crash, valid-lines") == true, "\(bad)")
    }
}
