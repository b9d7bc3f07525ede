import Foundation
import Testing

/// An example session in the documentation: a fenced block that starts with `$ viper serve`,
/// then `>` lines (sent to the engine; a bare `>` is an empty line) and `<` lines (what the
/// engine must answer, byte for byte and in order).
struct DocumentedSession: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let arguments: [String]
    let requests: [String]
    let expectedOutput: [String]

    var testDescription: String { "\(file):\(line)" }

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
        var current: (line: Int, arguments: [String], requests: [String], output: [String])?
        var inFence = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let finished = current {
                    sessions.append(DocumentedSession(
                        file: file, line: finished.line, arguments: finished.arguments, requests: finished.requests,
                        expectedOutput: finished.output))
                    current = nil
                }
                inFence.toggle()
                continue
            }
            guard inFence else { continue }
            if line.hasPrefix("$ viper serve") {
                current = (number + 1, line.split(separator: " ").dropFirst(3).map(String.init), [], [])
            } else if line == ">" {
                current?.requests.append("")
            } else if line.hasPrefix("> ") {
                current?.requests.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("< ") {
                current?.output.append(String(line.dropFirst(2)))
            }
        }
        return sessions
    }

    /// Runs the session's requests through a fresh `viper serve` and returns what it wrote.
    func run() throws -> (output: [String], status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ViperBinary.path)
        process.arguments = ["serve"] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(requests.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (lines.last == "" ? Array(lines.dropLast()) : lines, process.terminationStatus)
    }
}
