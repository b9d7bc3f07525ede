#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits the bytes of a file descriptor into lines, skipping lines longer than a limit without
/// ever holding more than the limit in memory.
///
/// The limit counts a line's bytes without its ending: a line of exactly `maxLineBytes` bytes
/// is read whether it ends with `\n` or `\r\n`.
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
    private let signals: TerminationSignals?
    private var buffer: [UInt8]
    /// Unconsumed bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var reachedEndOfInput = false

    /// A reader of `fileDescriptor`; with `signals`, it stops at the first termination signal,
    /// even while it waits for input.
    package init(fileDescriptor: Int32, maxLineBytes: Int, stoppingAt signals: TerminationSignals? = nil) {
        self.fileDescriptor = fileDescriptor
        self.maxLineBytes = maxLineBytes
        self.signals = signals
        self.buffer = [UInt8](repeating: 0, count: 64 * 1024)
    }

    /// The next line, or nil at the end of input or once a termination signal came (lines
    /// already read but not returned are then dropped: the engine stops reading).
    package mutating func next() -> Line? {
        var skipped = 0  // bytes of an oversized line dropped so far
        while true {
            if signals?.isStopRequested == true { return nil }
            if let newline = findNewline() {
                let content = contentEnd(from: start, to: newline)
                defer { start = newline + 1 }
                if skipped > 0 || content - start > maxLineBytes { return .oversized(length: skipped + content - start) }
                return .complete(Array(buffer[start..<content]))
            }
            let pending = end - start
            if reachedEndOfInput {
                guard pending > 0 || skipped > 0 else { return nil }
                let content = contentEnd(from: start, to: end)
                defer { start = end }
                if skipped > 0 || content - start > maxLineBytes { return .oversized(length: skipped + content - start) }
                return .complete(Array(buffer[start..<content]))
            }
            // One byte more than the limit may still be the carriage return of a line that fits.
            if pending > maxLineBytes + 1 {
                // Too long already: forget what we have and keep counting until the newline.
                skipped += pending
                start = 0
                end = 0
            }
            makeRoom()
            fill()
        }
    }

    /// Whether `next()` would return a line without reading: one is complete in the buffer.
    package var hasCompleteLine: Bool {
        findNewline() != nil
    }

    private func findNewline() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), end - start).map {
                UnsafeRawPointer($0) - bytes.baseAddress!
            }
        }
    }

    /// Where the content of the line `lower..<upper` ends: before a trailing carriage return.
    private func contentEnd(from lower: Int, to upper: Int) -> Int {
        upper > lower && buffer[upper - 1] == UInt8(ascii: "\r") ? upper - 1 : upper
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

    private mutating func fill() {
        guard inputIsReady() else { return }  // a signal came instead
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

    /// Waits until input (or its end) can be read, or a termination signal comes: true for
    /// input, false for the signal.
    private func inputIsReady() -> Bool {
        // Without signals to watch, the read itself waits.
        guard let signals else { return true }
        var descriptors = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors.append(pollfd(fd: signals.wakeDescriptor, events: Int16(POLLIN), revents: 0))
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }
            // Any other failure is left for `read` to report, which ends the input.
            if ready < 0 { return true }
            if descriptors[1].revents != 0 { return false }
            return ready > 0 && descriptors[0].revents != 0
        }
    }
}
