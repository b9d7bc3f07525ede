import Foundation
import Testing

/// An example session in the documentation: a fenced block that starts with `$ viper serve` (or
/// `$ ProbeServer`, viper serve for the test-only probe app), then `>` lines (sent to the
/// engine; a bare `>` is an empty line) and `<` lines (what the engine must answer, byte for
/// byte and in order).
///
/// The lines are sent one at a time, as a View would: each `>` line, then the `<` lines that
/// follow it are awaited before the next one goes. So a session can show a render that comes
/// after a response, a cancellation that reaches a request while it runs, and a reply to one of
/// the engine's own requests.
struct DocumentedSession: Sendable, CustomTestStringConvertible {
    /// One line sent, and the lines it is answered with before the next is sent.
    struct Exchange: Sendable {
        let request: String
        var answers: [String]
    }

    let file: String
    let line: Int
    /// `viper` or `ProbeServer`.
    let program: String
    let arguments: [String]
    let exchanges: [Exchange]

    var testDescription: String { "\(file):\(line)" }
    var requests: [String] { exchanges.map(\.request) }
    var expectedOutput: [String] { exchanges.flatMap(\.answers) }

    /// Every session block of the given documents, which are paths from the package root.
    static func all(in documents: [String]) -> [DocumentedSession] {
        documents.flatMap { document in
            let text = (try? String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)) ?? ""
            return parse(text, file: document)
        }
    }

    /// The folder of Package.swift, found upwards from this file.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    private static func parse(_ text: String, file: String) -> [DocumentedSession] {
        var sessions: [DocumentedSession] = []
        var current: (line: Int, program: String, arguments: [String], exchanges: [Exchange])?
        var inFence = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let finished = current {
                    sessions.append(DocumentedSession(
                        file: file, line: finished.line, program: finished.program, arguments: finished.arguments,
                        exchanges: finished.exchanges))
                    current = nil
                }
                inFence.toggle()
                continue
            }
            guard inFence else { continue }
            let words = line.split(separator: " ").map(String.init)
            if line.hasPrefix("$ viper serve") {
                current = (number + 1, "viper", Array(words.dropFirst(2)), [])
            } else if line.hasPrefix("$ ProbeServer") {
                current = (number + 1, "ProbeServer", Array(words.dropFirst(2)), [])
            } else if line == ">" {
                current?.exchanges.append(Exchange(request: "", answers: []))
            } else if line.hasPrefix("> ") {
                current?.exchanges.append(Exchange(request: String(line.dropFirst(2)), answers: []))
            } else if line.hasPrefix("< "), let last = current?.exchanges.indices.last {
                current?.exchanges[last].answers.append(String(line.dropFirst(2)))
            }
        }
        return sessions
    }

    /// Runs the session through a fresh engine and returns what it wrote, and its exit status.
    /// Each request waits for as many lines as the document shows after it; then the input is
    /// closed and whatever else the engine writes is returned too, so extra lines fail the test.
    func run() throws -> (output: [String], status: Int32) {
        let engine = program == "viper"
            ? try ServeProcess(arguments: arguments)
            : try ServeProcess(probe: arguments)
        var output: [String] = []
        for exchange in exchanges {
            engine.write(line: exchange.request)
            for _ in exchange.answers { output.append(try engine.readLine()) }
        }
        let exit = try engine.finish()
        return (output + exit.remainingLines, exit.status)
    }
}
