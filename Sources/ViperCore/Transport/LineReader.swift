#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits the bytes of a file descriptor into lines, skipping lines longer than a limit without
/// ever holding more than the limit in memory.
package struct LineReader: ~Copyable {
    /// What the reader found next.
    package enum Line {
        /// A line, without its newline (and without a trailing carriage return).
        case complete([UInt8])
        /// A line longer than the limit; its bytes were skipped.
        case oversized(length: Int)
    }

    private let fileDescriptor: Int32
    private let maxLineBytes: Int
    private var buffer: [UInt8]
    /// Unconsumed bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var reachedEndOfInput = false

    package init(fileDescriptor: Int32, maxLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.maxLineBytes = maxLineBytes
        self.buffer = [UInt8](repeating: 0, count: 64 * 1024)
    }

    /// The next line, or nil at the end of input. `beforeWaiting` runs when the reader is
    /// about to block for input that has not arrived yet.
    package mutating func next(beforeWaiting: () -> Void) -> Line? {
        var skipped = 0  // bytes of an oversized line dropped so far
        while true {
            if let newline = findNewline() {
                let length = newline - start
                defer { start = newline + 1 }
                if skipped > 0 || length > maxLineBytes { return .oversized(length: skipped + length) }
                return .complete(line(from: start, to: newline))
            }
            let pending = end - start
            if reachedEndOfInput {
                guard pending > 0 || skipped > 0 else { return nil }
                defer { start = end }
                if skipped > 0 || pending > maxLineBytes { return .oversized(length: skipped + pending) }
                return .complete(line(from: start, to: end))
            }
            if pending > maxLineBytes {
                // Too long already: forget what we have and keep counting until the newline.
                skipped += pending
                start = 0
                end = 0
            }
            makeRoom()
            fill(beforeWaiting: beforeWaiting)
        }
    }

    private func findNewline() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), end - start).map {
                UnsafeRawPointer($0) - bytes.baseAddress!
            }
        }
    }

    private func line(from lower: Int, to upper: Int) -> [UInt8] {
        let trimmed = upper > lower && buffer[upper - 1] == UInt8(ascii: "\r") ? upper - 1 : upper
        return Array(buffer[lower..<trimmed])
    }

    /// Moves unconsumed bytes to the front and grows the buffer when a long line fills it.
    private mutating func makeRoom() {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
    }

    private mutating func fill(beforeWaiting: () -> Void) {
        if !inputIsReady() { beforeWaiting() }
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(fileDescriptor, bytes.baseAddress! + end, bytes.count - end)
            }
            if count > 0 {
                end += count
                return
            }
            if count < 0 && errno == EINTR { continue }
            reachedEndOfInput = true
            return
        }
    }

    private func inputIsReady() -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
