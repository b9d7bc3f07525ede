import Foundation
import Testing
import ViperCore

@testable import ViperTesting

/// `--exec` against small shell engines that misbehave on purpose.
struct CommandConnectionTests {
    private func run(_ transcript: String, engine command: String) async throws -> TranscriptReport {
        let folder = try TranscriptFolder(["t.transcript": transcript])
        return try await TranscriptRunner(engine: .command(command), jobs: 1, isCI: false).run(paths: [folder.path])
    }

    @Test func waitingNoTimeTakesTheLinesTheEngineAlreadyWrote() async throws {
        // What `viper dev`'s replay does before each request: a live feed's next poll, written
        // after the last response, belongs to background work, not to the request sent next.
        let connection = try CommandConnection(command: #"printf '{"a":1}\n{"b":2}\n'; exec cat"#, options: [])
        defer { connection.abandon() }
        #expect(try await connection.awaitLines(1, timeout: .seconds(10)) == [#"{"a":1}"#])
        #expect(try await connection.awaitLines(nil, timeout: .zero) == [#"{"b":2}"#])
        #expect(try await connection.awaitLines(nil, timeout: .zero) == [])
        #expect(try await connection.awaitLines(nil, timeout: .milliseconds(20)) == [], "an empty wait ends empty, without failing")
    }

    @Test func anErrorAddressedToNullEndsARequestsOutput() async throws {
        // What an engine answers to a line it could not read, such as one over the size limit.
        let report = try await run(
            "> engine.state\n< {\"error\":{\"code\":-32600},\"id\":null}\n",
            engine: #"while read -r line; do echo '{"error":{"code":-32600},"id":null,"jsonrpc":"2.0"}'; done"#)
        #expect(report.summary == "1 passed, 0 failed", "\(report)")
    }

    @Test func anEngineThatExitsBadlyAtTheEndFailsWithItsStatusAndStderr() async throws {
        let report = try await run(
            "> engine.state\n< {\"result\":{}}\n",
            engine: #"read -r line; echo '{"id":1,"jsonrpc":"2.0","result":{}}'; echo 'oops' >&2; exit 3"#)
        let failure = try #require(report.results.first?.failure)
        #expect(failure.description.contains("the engine exited with status 3; its stderr ends with:\noops"), "\(failure)")
        #expect(report.junitXML().contains("its stderr ends with:&#10;oops"))
    }

    @Test func anEngineWhoseOutputEndsEarlySaysHowItEnded() async throws {
        let report = try await run("> engine.state\n< {\"result\":{}}\n", engine: "read -r line; exit 4")
        #expect(report.results.first?.failure?.description.contains("the engine's output ended before it answered (it exited with status 4)") == true)
    }

    @Test func engineOptionsReachTheCommandQuotedNotAsShellCode() async throws {
        let folder = try TranscriptFolder([:])
        let marker = folder.path("touched")
        let report = try await run("$ viper serve ;touch \(marker)\n> engine.state\n<\n", engine: "true")
        #expect(report.failedCount == 1)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
