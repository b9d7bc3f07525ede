import CustomDump
import Foundation
import Testing

/// The sessions shown in protocol.md and README.md are what the engine really says.
struct DocumentationExamplesTests {
    static let sessions = DocumentedSession.all(in: ["protocol.md", "README.md"])

    @Test func theDocumentationShowsSessions() {
        #expect(Self.sessions.count >= 5)
        #expect(Self.sessions.allSatisfy { !$0.requests.isEmpty && !$0.expectedOutput.isEmpty })
    }

    @Test(arguments: sessions)
    func theEngineAnswersTheDocumentedSessionLineForLine(session: DocumentedSession) throws {
        let (output, status) = try session.run()
        expectNoDifference(output, session.expectedOutput)
        #expect(status == 0)
    }
}

/// The transcript docs/golden.md opens with, and the REPL session README.md shows, are real.
struct GuideExamplesTests {
    /// The fenced blocks of a document, as lists of lines.
    private static func blocks(of document: String) throws -> [[String]] {
        let text = try String(contentsOf: DocumentedSession.packageRoot.appendingPathComponent(document), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let finished = current { blocks.append(finished) }
                current = current == nil ? [] : nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theTranscriptInTheGoldenFileGuidePasses() throws {
        let example = try #require(try Self.blocks(of: "docs/golden.md").first { $0.first?.hasPrefix("# As a user") == true })
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/guide.transcript"
        try (example.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try ServeProcess(arguments: ["test", file]).finish()
        #expect(run.remainingLines.last == "1 passed, 0 failed", "\(run.remainingLines.joined(separator: "\n"))")
    }

    @Test func theProbeExcerptsInTheGoldenFileGuideAreWhatTheProbeTranscriptsSay() throws {
        let excerpts = try Self.blocks(of: "docs/golden.md").filter { $0.first?.contains(#""scene":"probe"#) == true }
        try #require(excerpts.count == 2)
        let folder = DocumentedSession.packageRoot.appendingPathComponent("Tests/Transcripts/probe")
        // The excerpts leave out the transcripts' comments and blank lines.
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }.joined(separator: "\n")
        }
        for excerpt in excerpts {
            let text = excerpt.joined(separator: "\n")
            #expect(transcripts.contains { $0.contains(text) }, "not in any probe transcript:\n\(text)")
        }
    }

    @Test func theCommittedSchemaIsWhatTheEngineDescribes() throws {
        let committed = try String(contentsOf: DocumentedSession.packageRoot.appendingPathComponent("protocol.schema.json"), encoding: .utf8)
        let run = try ServeProcess(arguments: ["schema"]).finish()
        #expect(run.status == 0)
        #expect(run.remainingLines.joined(separator: "\n") + "\n" == committed, "protocol.schema.json is stale: run viper schema > protocol.schema.json")
    }

    @Test func theSwiftExampleInTheGoldenFileGuideIsATestThatRuns() throws {
        let example = try #require(try Self.blocks(of: "docs/golden.md").first { $0.contains("import ViperTesting") })
        let test = try String(contentsOf: DocumentedSession.packageRoot.appendingPathComponent("Tests/ViperTestingTests/GuideExampleTests.swift"), encoding: .utf8)
        // The file opens with two comment lines that say why it is there.
        #expect(test.components(separatedBy: "\n").dropFirst(2).joined(separator: "\n") == example.joined(separator: "\n") + "\n")
    }

    @Test func theREPLSessionInTheReadmeIsWhatTheREPLShows() throws {
        let example = try #require(try Self.blocks(of: "README.md").first { $0.first?.hasPrefix("todo.add#1> ") == true })
        // A prompt is a scene id and "> ": `todo.add#1> `.
        func command(in line: String) -> String? {
            guard let end = line.range(of: "> "), case let scene = line[..<end.lowerBound],
                scene.contains("#"), !scene.contains(" ")
            else { return nil }
            return String(line[end.upperBound...])
        }
        let commands = example.compactMap(command)
        let shown = example.filter { command(in: $0) == nil }
        // The README joins the session after the form was opened and given tomorrow's date.
        let repl = try ServeProcess(arguments: ["--now", "2026-11-19T09:00:00Z", "--time-zone", "Europe/Paris"])
        for command in ["start todo", "addTapped", "dueDateChanged tomorrow"] + commands { repl.write(line: command) }
        let output = try repl.finish().remainingLines
        #expect(Array(output.suffix(shown.count)) == shown)
    }
}
