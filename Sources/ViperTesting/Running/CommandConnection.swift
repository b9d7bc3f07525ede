import Dispatch
import Foundation
import Synchronization
import ViperCore
import ViperJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An engine in a process of its own, started with a shell command, talked to over pipes: the
/// same transcripts then test a debug build, a release binary, or another implementation.
///
/// Its reads block, so they run on a queue of the connection's own, never on the threads that
/// Swift's concurrency shares with the rest of the process. Writing to an engine that died must
/// fail the transcript, not kill the runner: SIGPIPE is ignored for the whole process.
package final class CommandConnection: EngineConnection, @unchecked Sendable {
    /// How long the runner waits for one line, or for the engine to exit, before it fails.
    static let timeout: Duration = .seconds(10)
    /// The id of the request sent after a raw line to learn when its output has ended.
    static let barrierID: JSONValue = "viper-test-barrier"

    // Touched only on `queue`, one call at a time.
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private let errors = StandardErrorTail()
    private var buffer = LineBuffer()
    private let queue = DispatchQueue(label: "viper-test.command-connection")
    /// Held while a line is written, so that one `accept` writes never splits another line.
    private let writing = Mutex(())

    /// Starts `command` with `options` appended, each quoted for the shell, through `/bin/sh -c`.
    package init(command: String, options: [String]) throws(EngineFailure) {
        signal(SIGPIPE, SIG_IGN)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", ([command] + options.map(Self.shellQuoted)).joined(separator: " ")]
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

    package func abandon() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        try await onQueue { [self] () throws(EngineFailure) in
            try write(line)
            if let responseID { return try readLines(until: responseID) }
            // A raw line may cause no output at all; a request after it marks where its output ends.
            try write(JSONWriter.encode(["jsonrpc": "2.0", "id": Self.barrierID, "method": WireMethod.engineState.json]))
            return Array(try readLines(until: Self.barrierID).dropLast())
        }
    }

    package func send(_ line: [UInt8]) async throws(EngineFailure) {
        try await onQueue { [self] () throws(EngineFailure) in try write(line) }
    }

    /// Writes at once, off the queue, where an exchange may be waiting for the engine's answer.
    package func accept(_ line: [UInt8]) async {
        try? write(line)
    }

    package func awaitLines(_ count: Int?, timeout: Duration) async throws(EngineFailure) -> [String] {
        try await onQueue { [self] () throws(EngineFailure) in
            var lines: [String] = []
            let deadline = ContinuousClock.now + timeout
            // Past the deadline, what the pipe already holds is still taken: with no time to
            // wait, the lines written meanwhile (a live feed's next poll) are what is asked for.
            while count.map({ lines.count < $0 }) ?? true {
                guard let line = try readLine(within: deadline - ContinuousClock.now) else { break }
                lines.append(line)
            }
            if let count, lines.count < count {
                throw EngineFailure(description: "waited \(timeout) for \(count) line\(count == 1 ? "" : "s") the engine would write by itself; \(lines.count) came\(lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))")
            }
            return lines
        }
    }

    package func close() async throws(EngineFailure) {
        try await onQueue { [self] () throws(EngineFailure) in
            try? input.close()
            var leftover: [String] = []
            while let line = try readLine(or: "did not exit within \(Self.timeout) after its input closed", endAllowed: true) {
                leftover.append(line)
            }
            try waitForExit()
            if let status = failedExit { throw EngineFailure(description: "the engine \(status)\(errors.quoted)") }
            if !leftover.isEmpty {
                throw EngineFailure(description: "the engine wrote lines after the last step:\n" + leftover.joined(separator: "\n"))
            }
        }
    }

    // MARK: - On the queue

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws(EngineFailure) -> T) async throws(EngineFailure) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, EngineFailure>, Never>) in
            queue.async { continuation.resume(returning: Result { () throws(EngineFailure) in try work() }) }
        }
        return try result.get()
    }

    private func write(_ line: [UInt8]) throws(EngineFailure) {
        do {
            try writing.withLock { _ in try input.write(contentsOf: line + [UInt8(ascii: "\n")]) }
        } catch {
            throw EngineFailure(description: "the engine stopped reading its input\(exitReport)\(errors.quoted)")
        }
    }

    /// Lines up to the response to `responseID`; an error addressed to null ends a request's
    /// output too, since the engine answers that way a line it could not read (one too long).
    private func readLines(until responseID: JSONValue) throws(EngineFailure) -> [String] {
        var lines: [String] = []
        while let line = try readLine(or: "wrote no complete line within \(Self.timeout)", endAllowed: false) {
            lines.append(line)
            if responseID == Self.barrierID {
                // Everything a raw line caused comes before the barrier's own answer.
                if case .object(let members)? = try? JSONParser.parse(Array(line.utf8)), members["id"] == responseID { return lines }
            } else if RequestOutput.ends(at: line, responseID: responseID) {
                return lines
            }
        }
        preconditionFailure("readLine returns a line or throws when the end is not allowed")
    }

    /// The next line of output within `limit`, or already written when `limit` is not above
    /// zero; nil when none came in time.
    private func readLine(within limit: Duration) throws(EngineFailure) -> String? {
        do {
            return try readLine(or: nil, endAllowed: true, timeout: limit)
        } catch {
            return nil
        }
    }

    /// The next line of output; nil at its end when `endAllowed`. When nothing comes for the
    /// timeout, fails saying the engine `stalled`, or returns nil when there is nothing to say:
    /// quoting the engine's stderr in a failure waits for it, half a second at most, which a
    /// wait that may end empty must not pay.
    private func readLine(or stalled: String?, endAllowed: Bool, timeout: Duration = CommandConnection.timeout) throws(EngineFailure) -> String? {
        let deadline = ContinuousClock.now + timeout
        var looked = false
        while true {
            if let line = buffer.nextLine() { return line }
            let remaining = deadline - ContinuousClock.now
            // The pipe is looked at once even with no time left, for what it already holds.
            guard remaining > .zero || !looked else {
                guard let stalled else { return nil }
                throw EngineFailure(description: "the engine \(stalled)\(errors.quoted)")
            }
            looked = true
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = remaining > .zero ? max(1, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000) : 0
            guard poll(&descriptor, 1, Int32(milliseconds)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                if endAllowed, buffer.isEmpty { return nil }
                throw EngineFailure(description: "the engine's output ended before it answered\(exitReport)\(errors.quoted)")
            }
        }
    }

    /// Waits for the engine to exit, killing it after the timeout.
    private func waitForExit() throws(EngineFailure) {
        let deadline = ContinuousClock.now + Self.timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw EngineFailure(description: "the engine did not exit within \(Self.timeout) after its input closed\(errors.quoted)")
            }
            usleep(10_000)
        }
    }

    /// "exited with status N" or "was killed by signal N" when it ended badly; nil otherwise.
    private var failedExit: String? {
        guard !process.isRunning else { return nil }
        if process.terminationReason == .uncaughtSignal { return "was killed by signal \(process.terminationStatus)" }
        return process.terminationStatus == 0 ? nil : "exited with status \(process.terminationStatus)"
    }

    /// How the engine ended, when it has, for messages about output that stopped.
    private var exitReport: String {
        waitBriefly()
        return failedExit.map { " (it \($0))" } ?? (process.isRunning ? "" : " (it exited with status 0)")
    }

    private func waitBriefly() {
        for _ in 0..<50 where process.isRunning { usleep(10_000) }
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
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
    /// Signalled when stderr has ended.
    private let ended = DispatchSemaphore(value: 0)

    /// Reads `handle` to its end on a thread of its own, so a chatty engine never blocks on a
    /// full stderr pipe.
    func drain(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let data = handle.availableData, !data.isEmpty {
                let chunk = String(decoding: data, as: UTF8.self)
                text.withLock { $0 = String(($0 + chunk).suffix(4096)) }
            }
            ended.signal()
        }
    }

    /// "; its stderr ends with: …" when the engine wrote something there, else "". An engine
    /// that failed has usually exited, and what it wrote last may still be in the pipe when
    /// its exit is seen: the tail is read to stderr's end first, waiting half a second at most
    /// (an engine still running never ends it).
    var quoted: String {
        if ended.wait(timeout: .now() + .milliseconds(500)) == .success { ended.signal() }
        let tail = text.withLock { $0 }.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? "" : "; its stderr ends with:\n\(tail)"
    }
}
