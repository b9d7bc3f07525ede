import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `viper` process the tests talk to over real pipes, the way a View does: request lines in on
/// stdin, notification and response lines out on stdout, logs apart on stderr.
///
/// Every wait has a deadline (`timeout`), so an engine that hangs fails its test with what it
/// wrote so far instead of hanging the suite. Writes go through a queue of their own, so a test
/// can pour in more input than the pipes hold while it reads the output.
final class ServeProcess {
    /// How long one wait for the engine lasts before the test fails.
    static let timeout: TimeInterval = 20

    /// Talking to the engine failed; says what the test waited for, what came, and stderr.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the process ended.
    struct Exit {
        /// The exit status; the signal's number when `reason` is `.uncaughtSignal`.
        let status: Int32
        let reason: Process.TerminationReason
        /// Stdout lines the test had not read yet.
        let remainingLines: [String]
        /// Everything the process wrote on stderr.
        let standardError: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let exited = DispatchSemaphore(value: 0)
    private let errorsDrained = DispatchSemaphore(value: 0)
    private let errorBytes = ByteCollector()
    private let writer = DispatchQueue(label: "ServeProcess.stdin")
    /// Stdout bytes read but not yet returned as lines.
    private var unread: [UInt8] = []
    private var outputEnded = false
    private var inputClosed = false
    private var started = false
    private var exit: (status: Int32, reason: Process.TerminationReason)?
    /// Every stdout line returned so far, for failure messages.
    private var transcript: [String] = []

    /// Starts `viper serve` with `arguments`; `environment` replaces the inherited one when given.
    convenience init(serving arguments: [String] = ["--db", ":memory:"], environment: [String: String]? = nil) throws {
        try self.init(arguments: ["serve"] + arguments, environment: environment)
    }

    /// Starts the probe app's server (`ProbeServer`), which speaks as `viper serve` does.
    convenience init(probe arguments: [String]) throws {
        try self.init(arguments: arguments, executable: ViperBinary.probePath)
    }

    /// Starts `viper` with `arguments`, for commands other than `serve` (`--help`).
    init(arguments: [String], environment: [String: String]? = nil, executable: String = ViperBinary.path) throws {
        // A test writing to an engine that died must fail, not kill the test runner.
        _ = Self.ignoreBrokenPipes
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        started = true
        // Drained on a thread of its own: a chatty engine must never block on a full stderr pipe,
        // and the cooperative pool must not be held by a blocking read. The thread reads a copy
        // of the descriptor that it closes itself: when this object goes first, the pipe's own
        // descriptor is closed and its number reused, and reading that number would take bytes
        // meant for another test's socket.
        let descriptor = dup(errors.fileHandleForReading.fileDescriptor)
        let collector = errorBytes
        let drained = errorsDrained
        Thread.detachNewThread {
            collector.drain(descriptor)
            drained.signal()
        }
    }

    deinit {
        guard started else { return }
        if exit == nil, process.isRunning { sendSignal(SIGKILL, to: process.processIdentifier) }
        writer.sync {}
        if !inputClosed { input.fileHandleForWriting.closeFile() }
        if exit == nil { _ = exited.wait(timeout: .now() + 5) }
        _ = errorsDrained.wait(timeout: .now() + 5)
    }

    // MARK: - Input

    /// Writes `line` and its newline.
    func write(line: String) {
        write(bytes: Array(line.utf8) + [UInt8(ascii: "\n")])
    }

    /// Writes raw bytes, for input that is not valid UTF-8 or not split in lines.
    func write(bytes: [UInt8]) {
        precondition(!inputClosed, "input already closed")
        let descriptor = input.fileHandleForWriting.fileDescriptor
        writer.async { writeAll(bytes, to: descriptor) }
    }

    /// Closes stdin once everything written has gone out: the engine sees the end of input.
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        writer.sync { input.fileHandleForWriting.closeFile() }
    }

    /// The process's id, for what /proc tells of it.
    var processIdentifier: pid_t { process.processIdentifier }

    /// Sends `signal` to the process.
    func kill(_ signal: Int32) {
        sendSignal(signal, to: process.processIdentifier)
    }

    // MARK: - Output

    /// The next stdout line, without its newline; fails after `timeout` or at the end of output.
    func readLine(timeout: TimeInterval = ServeProcess.timeout) throws -> String {
        guard let line = try readLineOrEnd(timeout: timeout) else {
            throw failure("stdout ended while a line was awaited")
        }
        return line
    }

    /// Stdout lines up to and including the first that contains `text`, waiting at most
    /// `timeout` for each: for a process that waits on something slower than an engine (a build).
    func readLines(through text: String, timeout: TimeInterval) throws -> [String] {
        var lines: [String] = []
        while true {
            guard let line = try readLineOrEnd(timeout: timeout) else {
                throw failure("stdout ended before a line with \(text.debugDescription)")
            }
            lines.append(line)
            if line.contains(text) { return lines }
        }
    }

    /// Writes `request` and returns every stdout line up to and including the response whose id
    /// is the request's (null when the request has no readable id).
    func call(_ request: String) throws -> [String] {
        try call(request, responseID: WireJSON.idText(ofRequest: request))
    }

    /// Writes `line` and returns every stdout line up to and including the response to the
    /// request whose id is `responseID` (JSON text): for a line that is not itself the request,
    /// such as the reply to one of the engine's.
    func call(_ line: String, responseID id: String) throws -> [String] {
        let request = line
        write(line: request)
        var lines: [String] = []
        while true {
            guard let line = try readLineOrEnd() else {
                throw failure("stdout ended before the response (id \(id)) to \(request.prefix(300))")
            }
            lines.append(line)
            if WireJSON.isResponse(line, toID: id) { return lines }
        }
    }

    /// Closes the reading end of stdout, as a reader that went away would (`| head -1`).
    func closeOutput() {
        output.fileHandleForReading.closeFile()
        outputEnded = true
    }

    /// Closes stdin, reads stdout to its end and waits for the process to exit.
    func finish() throws -> Exit {
        closeInput()
        return try waitForExit()
    }

    /// Reads stdout to its end and waits for the process to exit, without touching stdin.
    func waitForExit() throws -> Exit {
        var remaining: [String] = []
        while let line = try readLineOrEnd() { remaining.append(line) }
        if exit == nil {
            guard exited.wait(timeout: .now() + Self.timeout) == .success else {
                throw failure("the process closed stdout but did not exit within \(Int(Self.timeout)) s")
            }
            exit = (process.terminationStatus, process.terminationReason)
        }
        _ = errorsDrained.wait(timeout: .now() + Self.timeout)
        errorsDrained.signal()  // later waits, and deinit's, must not block
        return Exit(status: exit!.status, reason: exit!.reason, remainingLines: remaining, standardError: standardError)
    }

    /// Waits until stderr holds `text`, and returns all of stderr.
    func waitForStandardError(containing text: String) throws -> String {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while !standardError.contains(text) {
            guard Date() < deadline else { throw failure("stderr did not say '\(text)' within \(Int(Self.timeout)) s") }
            usleep(10_000)
        }
        return standardError
    }

    /// What the process wrote on stderr so far.
    var standardError: String {
        String(decoding: errorBytes.bytes, as: UTF8.self)
    }

    /// The next line, or nil at the end of stdout.
    private func readLineOrEnd(timeout: TimeInterval = ServeProcess.timeout) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = unread[..<newline]
                unread.removeSubrange(...newline)
                guard let line = String(validating: bytes, as: UTF8.self) else {
                    throw failure("stdout carried a line that is not UTF-8: \(Array(bytes).prefix(200))")
                }
                transcript.append(line)
                return line
            }
            if outputEnded {
                guard unread.isEmpty else {
                    throw failure("stdout ended inside a line: \(String(decoding: unread.prefix(300), as: UTF8.self))")
                }
                return nil
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw failure("no stdout line within \(Int(timeout)) s")
            }
            switch readAvailable(from: descriptor, waitingAtMost: remaining) {
            case .bytes(let chunk): unread.append(contentsOf: chunk)
            case .end: outputEnded = true
            case .nothingYet: continue
            case .failed(let code): throw failure("reading stdout failed: errno \(code)")
            }
        }
    }

    private func failure(_ what: String) -> Failure {
        let lastLines = transcript.suffix(20).joined(separator: "\n")
        let pending = String(decoding: unread.prefix(2000), as: UTF8.self)
        return Failure(description: """
            \(what).
            last stdout lines:
            \(lastLines)
            unterminated stdout: \(pending)
            stderr:
            \(String(standardError.suffix(4000)))
            """)
    }

    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Stderr's bytes, appended by the draining thread and read by the test.
    private final class ByteCollector: Sendable {
        private let storage = Mutex<[UInt8]>([])

        var bytes: [UInt8] { storage.withLock { $0 } }

        /// Reads `descriptor` to its end, then closes it.
        func drain(_ descriptor: Int32) {
            defer { close(descriptor) }
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count > 0 {
                    storage.withLock { $0.append(contentsOf: chunk[..<count]) }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

// The system calls live outside the class, whose own `write` and `kill` would hide them.

private enum ReadOutcome {
    case bytes([UInt8])
    case end
    case nothingYet
    case failed(Int32)
}

/// Waits with poll(2) for bytes on `descriptor`, at most `seconds` (and at most one second, so
/// the caller rechecks its deadline), and reads what is there.
private func readAvailable(from descriptor: Int32, waitingAtMost seconds: TimeInterval) -> ReadOutcome {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, Int32(min(seconds, 1) * 1000) + 1)
    if ready < 0 { return errno == EINTR ? .nothingYet : .failed(errno) }
    if ready == 0 { return .nothingYet }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = read(descriptor, &chunk, chunk.count)
    if count > 0 { return .bytes(Array(chunk[..<count])) }
    if count == 0 { return .end }
    return errno == EINTR || errno == EAGAIN ? .nothingYet : .failed(errno)
}

/// Writes all of `bytes`; stops quietly when the reader has gone (the test then fails on reading).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

private func sendSignal(_ signal: Int32, to process: pid_t) {
    _ = kill(process, signal)
}
