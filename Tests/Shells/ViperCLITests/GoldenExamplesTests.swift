import Foundation
import Testing
import ViperCommandLine
import ViperCore
import ViperTesting

@testable import ViperCLI

/// The transcripts in examples/ pass, in process and against the real binary, and `viper test`
/// reports, updates and refuses as docs/golden.md says.
struct GoldenExamplesTests {
    static let examples = DocumentedSession.packageRoot.appendingPathComponent("examples").path

    @Test func everyExampleTranscriptPassesInProcess() async throws {
        let runner = TranscriptRunner(
            engine: Viper.transcriptEngine,
            isCI: true)
        let report = try await runner.run(paths: [Self.examples])
        #expect(report.results.count >= 11)
        #expect(report.failedCount == 0, "\(report)")
    }

    @Test func everyExampleTranscriptPassesAgainstTheBinaryThroughExec() throws {
        let run = try ServeProcess(arguments: ["test", "--exec", "\(ViperBinary.path) serve --db :memory:", Self.examples]).finish()
        #expect(run.status == 0, "\(run.remainingLines.joined(separator: "\n"))")
        #expect(run.remainingLines.last?.hasSuffix(" passed, 0 failed") == true)
    }

    @Test("viper test with no path at the repository's root passes: the probe's transcripts, written for ProbeServer, are skipped")
    func aTestOfTheWholeRepositoryPasses() throws {
        let run = try CommandRun.viper(["test"], in: DocumentedSession.packageRoot.path)
        #expect(run.status == 0, "\(run.output)")
        let summary = try #require(run.output.split(separator: "\n").last.map(String.init))
        #expect(summary.hasSuffix(" passed, 0 failed, 3 skipped"), "\(summary)")
        #expect(run.output.contains("Tests/Transcripts/probe/effects.transcript skipped: written for ProbeServer"))
    }

    @Test func verboseListsEveryTranscriptThatPassedWithItsTime() throws {
        let run = try ServeProcess(arguments: ["test", "--verbose", Self.examples + "/todo/create.transcript", Self.examples + "/todo/cancel.transcript"]).finish()
        #expect(run.status == 0)
        let lines = run.remainingLines
        try #require(lines.count == 3, "\(lines)")
        for (line, name) in zip(lines, ["create", "cancel"]) {
            #expect(line.hasPrefix("✔ \(Self.examples)/todo/\(name).transcript ("), "\(line)")
            #expect(line.hasSuffix(" ms)"), "\(line)")
        }
        #expect(lines[2] == "2 passed, 0 failed")
        let quiet = try ServeProcess(arguments: ["test", Self.examples + "/todo/create.transcript"]).finish()
        #expect(quiet.remainingLines == ["1 passed, 0 failed"])
    }

    @Test func aChangedValueFailsWithFileLineAndDiffAndUpdatePutsItBack() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = try String(contentsOfFile: Self.examples + "/todo/create.transcript", encoding: .utf8)
        let file = folder.path + "/create.transcript"
        let changed = original.replacingOccurrences(of: #""dueDay":"Friday""#, with: #""dueDay":"Saturday""#)
        #expect(changed != original)
        try changed.write(toFile: file, atomically: true, encoding: .utf8)

        let failing = try ServeProcess(arguments: ["test", file]).finish()
        #expect(failing.status == 1)
        let output = failing.remainingLines.joined(separator: "\n")
        let wrongLine = changed.components(separatedBy: "\n").firstIndex { $0.contains(#""dueDay":"Saturday""#) }! + 1
        #expect(output.contains("✘ \(file):\(wrongLine): the engine answered differently"), "\(output)")
        #expect(output.contains(#"> view.event {"scene":"todo.add#1","event":"saveTapped"}"#))
        #expect(output.contains("- expected") && output.contains("+ actual"))
        #expect(output.contains(#"at params.viewModel.sections[0].items[0].dueDay: expected "Saturday", actual "Friday""#))
        #expect(failing.remainingLines.last == "0 passed, 1 failed")

        let updating = try ServeProcess(arguments: ["test", "--update", file], environment: Self.environment(ci: nil)).finish()
        #expect(updating.status == 0)
        #expect(updating.remainingLines.first == "updated \(file) (2 steps)")
        // Comments, blank lines and the {{milk}} capture are all back as they were.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
    }

    @Test func aMissingExpectationFailsUnderCIAndNamesWhatIsMissing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/new.transcript"
        let text = "> initialize {\"now\":\"2026-11-19T09:00:00Z\"}\n> app.start {\"app\":\"todo\"}\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)

        let run = try ServeProcess(arguments: ["test", "--update", "--junit", folder.path + "/junit.xml", file], environment: Self.environment(ci: "1")).finish()
        #expect(run.status == 1)
        let output = run.remainingLines.joined(separator: "\n")
        #expect(output.contains("✘ \(file):1: no expected lines for this request; CI is set, so nothing is recorded"), "\(output)")
        #expect(output.contains(#"> initialize {"now":"2026-11-19T09:00:00Z"}"#))
        #expect(run.standardError.contains("CI is set, so --update rewrites nothing"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        let junit = try String(contentsOfFile: folder.path + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"failures="1""#))
    }

    @Test func reportsGoIntoFoldersMadeForThemOrSayWhyTheyCannot() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/add.transcript"
        try "> initialize {\"now\":\"2026-11-19T09:00:00Z\"}\n< {\"result\":\"{{*}}\"}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let report = folder.path + "/reports/ci/junit.xml"
        let run = try ServeProcess(arguments: ["test", "--junit", report, "--wire-log", folder.path + "/logs/wire.jsonl", file]).finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"tests="1""#))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/logs/wire.jsonl"))
        // A folder that cannot be made: where a file stands.
        try "".write(toFile: folder.path + "/taken", atomically: true, encoding: .utf8)
        let refused = try ServeProcess(arguments: ["test", "--junit", folder.path + "/taken/junit.xml", file]).finish()
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("cannot write the JUnit report (--junit) to \(folder.path)/taken/junit.xml: \(folder.path)/taken is a file, not a folder"), "\(refused.standardError)")
        #expect(!refused.standardError.contains("NSCocoaErrorDomain"))
    }

    @Test func testHelpExplainsTheOptions() throws {
        let run = try ServeProcess(arguments: ["test", "--help"]).finish()
        #expect(run.status == 0)
        let help = run.remainingLines.joined(separator: "\n")
        for option in ["--exec", "--update", "--junit", "--jobs", "docs/golden.md"] {
            #expect(help.contains(option), "help does not mention \(option)")
        }
    }

    /// The inherited environment with `CI` set to `ci`, or removed.
    private static func environment(ci: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = ci
        return environment
    }
}
