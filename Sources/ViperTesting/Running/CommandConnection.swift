import ViperCore

import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An engine in a process of its own, started with a shell command, talked to over pipes: the
/// same transcripts then test a debug build, a release binary, or another implementation.
final class CommandConnection: EngineConnection {
    /// How long the runner waits for one line before it fails the transcript.
    static let timeout: Duration = .seconds(10)
    /// The id of the request sent after a raw line to learn when its output has ended.
    static let barrierID: JSONValue = "viper-test-barrier"

    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private let errors = StandardErrorTail()
    private let buffer = Mutex(LineBuffer())

    /// Starts `command` with `options` appended, through `/bin/sh -c`.
    init(command: String, options: [String]) throws(EngineFailure) {
        // Writing to an engine that died must fail the transcript, not kill the runner.
        signal(SIGPIPE, SIG_IGN)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", ([command] + options).joined(separator: " ")]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw EngineFailure(description: "could not start '\(command)': \(error)")
        }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading.fileDescriptor
        errors.drain(stderr.fileHandleForReading)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        try write(line)
        if let responseID { return try readLines(through: responseID) }
        // A raw line may cause no output at all; a request after it marks where its output ends.
        try write(JSONWriter.encode(["jsonrpc": "2.0", "id": Self.barrierID, "method": "engine.state"]))
        return try readLines(through: Self.barrierID).dropLast()
    }

    func close() async throws(EngineFailure) {
        try? input.close()
        var leftover: [String] = []
        while let line = try readLine(allowingEnd: true) { leftover.append(line) }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw EngineFailure(description: "the engine was killed by signal \(process.terminationStatus)\(errors.quoted)")
        }
        if process.terminationStatus != 0 {
            throw EngineFailure(description: "the engine exited with status \(process.terminationStatus)\(errors.quoted)")
        }
        if !leftover.isEmpty {
            throw EngineFailure(description: "the engine wrote lines after the last step:\n" + leftover.joined(separator: "\n"))
        }
    }

    private func write(_ line: [UInt8]) throws(EngineFailure) {
        do {
            try input.write(contentsOf: line + [UInt8(ascii: "\n")])
        } catch {
            throw EngineFailure(description: "the engine stopped reading its input\(errors.quoted)")
        }
    }

    private func readLines(through responseID: JSONValue) throws(EngineFailure) -> [String] {
        var lines: [String] = []
        while true {
            guard let line = try readLine(allowingEnd: false) else { preconditionFailure("readLine returns lines until the end") }
            lines.append(line)
            if case .object(let members)? = try? JSONParser.parse(Array(line.utf8)), members["id"] == responseID,
                members["result"] != nil || members["error"] != nil
            {
                return lines
            }
        }
    }

    /// The next line of output; nil at its end when `allowingEnd`, a failure otherwise.
    private func readLine(allowingEnd: Bool) throws(EngineFailure) -> String? {
        let deadline = ContinuousClock.now + Self.timeout
        while true {
            if let line = buffer.withLock({ $0.nextLine() }) { return line }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw EngineFailure(description: "the engine wrote no complete line within \(Self.timeout)\(errors.quoted)")
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.withLock { $0.append(chunk[0..<count]) }
            } else if count == 0 || errno != EINTR {
                if allowingEnd, buffer.withLock({ $0.isEmpty }) { return nil }
                throw EngineFailure(description: "the engine's output ended before it answered\(errors.quoted)")
            }
        }
    }
}

/// Output bytes read but not yet split into lines.
private struct LineBuffer {
    private var bytes: [UInt8] = []

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        bytes.append(contentsOf: chunk)
    }

    mutating func nextLine() -> String? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { bytes.removeSubrange(...newline) }
        return String(decoding: bytes[..<newline], as: UTF8.self)
    }
}

/// The last few KiB the engine wrote on stderr, to quote when it fails.
private final class StandardErrorTail: Sendable {
    private let text = Mutex("")

    /// Reads `handle` to its end on a thread of its own, so a chatty engine never blocks on a
    /// full stderr pipe.
    func drain(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let data = handle.availableData, !data.isEmpty {
                let chunk = String(decoding: data, as: UTF8.self)
                text.withLock { $0 = String(($0 + chunk).suffix(4096)) }
            }
        }
    }

    /// ": <stderr>" when the engine wrote something there, else "".
    var quoted: String {
        let tail = text.withLock { $0 }.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? "" : "; its stderr ends with:\n\(tail)"
    }
}
