#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// Writes lines to a file descriptor (stdout when serving) from a thread of its own.
///
/// The first line written after a quiet moment wakes the writer thread, which gathers for at
/// most a millisecond and then writes everything gathered in one system call. So a pipelined
/// stream of requests costs one call per batch, and no line waits more than a millisecond,
/// whatever the session is doing meanwhile (a long request, a timer). When the session is about
/// to wait it flushes: what is gathered goes out at once, written right there when it is small
/// and the descriptor takes it without blocking (a lone answer then costs no thread switch),
/// else by the writer thread, so the session never waits for a slow reader. Only whole lines
/// are ever handed to `write`.
public final class FileDescriptorSink: LineSink {
    private struct State {
        var pending: [UInt8] = []
        /// The writer thread was woken to gather and write what is pending.
        var armed = false
        /// A batch is on its way to the descriptor.
        var writing = false
        /// A write failed (the reader went away), or the sink was closed: everything later
        /// is dropped.
        var broken = false
        /// `close()` was called: the writer thread ends.
        var closing = false

        var isIdle: Bool { pending.isEmpty && !armed && !writing || broken }
    }

    private let fileDescriptor: Int32
    private let state = Mutex(State())
    /// Held while bytes are on their way to the descriptor, so a dying process can wait until
    /// no line is half written.
    private let inFlight = Mutex(())
    /// Wakes the writer thread: a first line to gather.
    private let wake = DispatchSemaphore(value: 0)
    /// Cuts the writer's gathering short: the session flushed.
    private let hurry = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)
    private let drainWaiters = Atomic<Int>(0)

    /// How long the writer gathers lines before writing them.
    private static let gathering = DispatchTimeInterval.milliseconds(1)
    /// Gathered beyond this, lines are written without waiting for the rest of the moment.
    private static let batchLimit = 64 * 1024
    /// The most written on the calling thread: a pipe that polls writable has a page free.
    private static let inlineLimit = 4096

    /// A sink writing to `fileDescriptor`, which stays open.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        Thread.detachNewThread { [self] in writeLoop() }
    }

    public func write(line: [UInt8]) {
        enum Signal { case none, wake, hurry }
        let signal = state.withLock { state -> Signal in
            guard !state.broken else { return .none }
            state.pending.append(contentsOf: line)
            state.pending.append(UInt8(ascii: "\n"))
            if state.armed { return state.pending.count >= Self.batchLimit ? .hurry : .none }
            if state.writing { return .none }
            state.armed = true
            return .wake
        }
        switch signal {
        case .none: break
        case .wake: wake.signal()
        case .hurry: hurry.signal()
        }
    }

    /// Sends what is gathered on at once; see the type's notes.
    public func flush() {
        enum Plan { case nothing, hurry, wakeAndHurry, writeHere([UInt8]) }
        let plan = state.withLock { state -> Plan in
            guard !state.pending.isEmpty, !state.broken, !state.writing else { return .nothing }
            // Small and ready: written here, even when the writer thread is gathering (it will
            // find nothing left).
            guard state.pending.count <= Self.inlineLimit, isWritable() else {
                if state.armed { return .hurry }
                state.armed = true
                return .wakeAndHurry
            }
            state.writing = true
            var taken: [UInt8] = []
            swap(&taken, &state.pending)
            return .writeHere(taken)
        }
        switch plan {
        case .nothing:
            return
        case .hurry:
            hurry.signal()
        case .wakeAndHurry:
            hurry.signal()
            wake.signal()
        case .writeHere(let bytes):
            let ok = inFlight.withLock { _ in writeAll(bytes) }
            let wakeWriter = state.withLock { state -> Bool in
                state.writing = false
                if !ok { state.broken = true; state.pending = [] }
                guard !state.pending.isEmpty, !state.armed, !state.broken else { return false }
                state.armed = true
                return true
            }
            if wakeWriter { wake.signal() }
            releaseDrainWaiters()
        }
    }

    /// Waits until every line written so far is on the descriptor (or the descriptor failed).
    public func drain() {
        flush()
        while true {
            if state.withLock({ $0.isIdle }) { return }
            drainWaiters.add(1, ordering: .relaxed)
            // Re-check after announcing the wait: the writer signals only waiters it counted.
            if state.withLock({ $0.isIdle }) {
                drainWaiters.subtract(1, ordering: .relaxed)
                return
            }
            hurry.signal()
            drained.wait()
        }
    }

    /// Writes what is buffered, then ends the writer thread; later lines are dropped. The
    /// descriptor stays open.
    public func close() {
        drain()
        state.withLock { $0.closing = true; $0.broken = true }
        wake.signal()
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
            // Gather what comes in the next moment, unless the session flushes first.
            _ = hurry.wait(timeout: .now() + Self.gathering)
            while true {
                let taken = state.withLock { state -> Bool in
                    guard !state.pending.isEmpty, !state.broken else {
                        state.armed = false
                        state.writing = false
                        return false
                    }
                    swap(&batch, &state.pending)
                    state.armed = false
                    state.writing = true
                    return true
                }
                guard taken else { break }
                let ok = inFlight.withLock { _ in writeAll(batch) }
                batch.removeAll(keepingCapacity: true)
                state.withLock { state in
                    state.writing = false
                    if !ok { state.broken = true; state.pending = [] }
                }
            }
            releaseDrainWaiters()
        }
    }

    private func releaseDrainWaiters() {
        let waiters = drainWaiters.exchange(0, ordering: .relaxed)
        for _ in 0..<waiters { drained.signal() }
    }

    /// Whether a write would not block.
    private func isWritable() -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLOUT) != 0
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
