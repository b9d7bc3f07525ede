#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Writes lines to a file descriptor (stdout when serving) from a thread of its own.
///
/// Lines gather in a buffer until the session flushes, which it does whenever it is about to
/// wait for anything (more input, a reply, a server, a timer), or until 64 KiB have gathered;
/// then the writer thread takes everything buffered and writes it in one system call. So a
/// pipelined stream of requests costs one call per batch, a lone answer goes out as soon as it
/// is complete, and the session never waits for a slow reader. Only whole lines are ever handed
/// to `write`.
public final class FileDescriptorSink: LineSink {
    private struct State {
        var pending: [UInt8] = []
        /// The writer thread is writing (or about to); `drain` waits for it.
        var writing = false
        /// A write failed (the reader went away), or the sink was closed: everything later
        /// is dropped.
        var broken = false
        /// `close()` was called: the writer thread ends once everything is written.
        var closing = false
        /// The writer thread was woken and has not looked at `pending` yet.
        var awake = false
    }

    private let fileDescriptor: Int32
    private let state = Mutex(State())
    /// Held while bytes are on their way to the descriptor, so a dying process can wait until
    /// no line is half written.
    private let inFlight = Mutex(())
    private let wake = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)
    private let drainWaiters = Atomic<Int>(0)

    /// A sink writing to `fileDescriptor`, which stays open.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        Thread.detachNewThread { [self] in writeLoop() }
    }

    private static let flushThreshold = 64 * 1024

    public func write(line: [UInt8]) {
        let shouldWake = state.withLock { state -> Bool in
            guard !state.broken else { return false }
            state.pending.append(contentsOf: line)
            state.pending.append(UInt8(ascii: "\n"))
            return state.pending.count >= Self.flushThreshold && Self.wakes(&state)
        }
        if shouldWake { wake.signal() }
    }

    /// A little that the descriptor takes at once is written here, on the calling thread: a
    /// lone answer then costs no thread switch (a fifth of a round trip). Anything else, or a
    /// descriptor that is not ready, goes to the writer thread, so that the session never waits
    /// for a slow reader.
    public func flush() {
        enum Plan { case nothing, wake, writeHere([UInt8]) }
        let plan = state.withLock { state -> Plan in
            guard !state.pending.isEmpty, !state.writing, !state.awake else { return .nothing }
            if state.pending.count <= Self.inlineLimit && isWritable() {
                state.writing = true
                var taken: [UInt8] = []
                swap(&taken, &state.pending)
                return .writeHere(taken)
            }
            state.awake = true
            return .wake
        }
        switch plan {
        case .nothing:
            return
        case .wake:
            wake.signal()
        case .writeHere(let bytes):
            let ok = inFlight.withLock { _ in writeAll(bytes) }
            let more = state.withLock { state -> Bool in
                state.writing = false
                if !ok { state.broken = true; state.pending = [] }
                return !state.pending.isEmpty && Self.wakes(&state)
            }
            if more { wake.signal() }
            let waiters = drainWaiters.exchange(0, ordering: .relaxed)
            for _ in 0..<waiters { drained.signal() }
        }
    }

    /// The most written on the calling thread: a pipe that polls writable has at least a page free.
    private static let inlineLimit = 4096

    /// Whether a write would not block.
    private func isWritable() -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLOUT) != 0
    }

    /// Whether the writer thread must be woken to take what is pending; it is, unless it is
    /// already awake and will look again before sleeping.
    private static func wakes(_ state: inout State) -> Bool {
        guard !state.writing, !state.awake else { return false }
        state.awake = true
        return true
    }

    /// Writes what is buffered, then ends the writer thread; later lines are dropped. The
    /// descriptor stays open.
    public func close() {
        drain()
        state.withLock { $0.closing = true; $0.broken = true }
        wake.signal()
    }

    /// Waits until every line written so far is on the descriptor (or the descriptor failed).
    public func drain() {
        flush()
        while true {
            let done = state.withLock { $0.pending.isEmpty && !$0.writing && !$0.awake || $0.broken }
            if done { return }
            drainWaiters.add(1, ordering: .relaxed)
            // Re-check after announcing the wait: the writer signals only waiters it counted.
            if state.withLock({ $0.pending.isEmpty && !$0.writing && !$0.awake || $0.broken }) {
                drainWaiters.subtract(1, ordering: .relaxed)
                return
            }
            drained.wait()
        }
    }

    /// Waits until no line is being written, then ends the process through `exit` with the
    /// output held, so that no half line is left on the descriptor.
    func exit(through exit: () -> Never) -> Never {
        inFlight.withLock { _ in exit() }
    }

    private func writeLoop() {
        var batch: [UInt8] = []
        while true {
            wake.wait()
            if state.withLock({ $0.closing }) { return }
            while true {
                let taken = state.withLock { state -> Bool in
                    state.awake = false
                    guard !state.pending.isEmpty, !state.broken else {
                        state.writing = false
                        return false
                    }
                    swap(&batch, &state.pending)
                    state.writing = true
                    return true
                }
                guard taken else { break }
                let ok = inFlight.withLock { _ in writeAll(batch) }
                batch.removeAll(keepingCapacity: true)
                if !ok { state.withLock { $0.broken = true; $0.pending = []; $0.writing = false } }
            }
            let waiters = drainWaiters.exchange(0, ordering: .relaxed)
            for _ in 0..<waiters { drained.signal() }
        }
    }

    /// Writes all of `bytes`; false when the descriptor failed (a reader that went away: the
    /// engine has nobody left to tell).
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                Darwin.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
