#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running program the benchmark talks to line by line, as a View talks to the engine.
final class Connection {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
        // The benchmark spins on its reads instead of sleeping in them: on a virtual machine,
        // waking a sleeping process costs hundreds of microseconds, which would be added to
        // every round trip of the engine and of its reference alike.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    /// Writes `line` and its newline.
    func send(_ line: [UInt8]) throws {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 { offset += count } else if errno != EINTR { throw BenchError("write failed: errno \(errno)") }
        }
    }

    /// The next line, without its newline.
    func readLine() throws -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                throw BenchError("the program closed its output")
            }
        }
    }

    /// Reads lines up to and including the one that starts with `prefix` (a response's
    /// `{"id":N,`); returns them all.
    @discardableResult
    func readThrough(prefix: [UInt8]) throws -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        while true {
            let line = try readLine()
            lines.append(line)
            if line.starts(with: prefix) { return lines }
        }
    }

    /// The most memory the program has held at once so far (`VmHWM`), in bytes.
    ///
    /// Read from /proc while the program runs, not from `wait4`'s `ru_maxrss`: Linux carries a
    /// process's high-water mark across `execve`, and `posix_spawn` starts the child in this
    /// process's memory, so `ru_maxrss` is never less than the benchmark's own (38 MB), which
    /// every figure of peak memory before 2026-11-23 showed for programs that used less.
    func peakResidentBytes() throws -> Int {
        guard let file = fopen("/proc/\(pid)/status", "r") else { throw BenchError("cannot read /proc/\(pid)/status") }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(cString: line)
            guard text.hasPrefix("VmHWM:") else { continue }
            let kilobytes = text.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            guard let kilobytes else { break }
            return kilobytes * 1024
        }
        throw BenchError("no VmHWM in /proc/\(pid)/status")
    }

    /// Closes the program's input and waits for it to exit, which must be with status 0.
    func finish() throws {
        close(input)
        while (try? readLine()) != nil {}
        close(output)
        let (status, _) = try Child.wait(for: pid)
        guard status == 0 else { throw BenchError("the program exited with status \(status)") }
    }
}
