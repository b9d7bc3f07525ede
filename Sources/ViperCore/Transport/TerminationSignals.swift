#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// SIGTERM and SIGINT, turned into a clean stop.
///
/// The first signal asks the server to stop reading: the request in progress finishes (its
/// commit and its whole response), output is flushed, and the process exits 0. A second
/// signal exits at once, by the signal's default action, but never while a line is half
/// written.
///
/// A signal handler may do almost nothing safely, so it only writes the signal's number to a
/// pipe; a thread of its own reads that pipe and does the rest as ordinary code. The server's
/// reader polls `wakeDescriptor`, which becomes readable (and stays so) at the first signal.
public final class TerminationSignals: Sendable {
    /// The signals that stop the engine.
    public static let handled: [Int32] = [SIGTERM, SIGINT]

    private let stopRequested = Atomic<Bool>(false)
    private let wakePipe: (read: Int32, write: Int32)
    /// Runs at the second signal, with its number; it must not return.
    private let onSecondSignal: @Sendable (Int32) -> Never

    /// Installs the handlers; call once per process. At a second signal the process dies of
    /// it once no line is being written to `output`.
    public static func install(output: FileDescriptorSink) throws -> TerminationSignals {
        let signals = TerminationSignals(wakePipe: try makePipe()) { number in
            output.exit {
                // Die of the signal, as the default action would have; this thread may have
                // inherited a mask that blocks it, so unblock it first.
                signal(number, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, number)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(number)
                _exit(128 + number)
            }
        }
        let signalPipe = try makePipe()
        signalPipeWriteEnd.store(signalPipe.write, ordering: .releasing)
        for number in handled {
            // `signal` keeps the handler installed and restarts interrupted system calls
            // (BSD semantics, glibc's and Darwin's default).
            signal(number) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
                errno = saved
            }
        }
        Thread.detachNewThread { signals.watch(signalPipe.read) }
        return signals
    }

    private init(wakePipe: (read: Int32, write: Int32), onSecondSignal: @escaping @Sendable (Int32) -> Never) {
        self.wakePipe = wakePipe
        self.onSecondSignal = onSecondSignal
    }

    /// Whether a signal asked the engine to stop.
    public var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

    /// Readable from the first signal on; readers poll it beside their input.
    public var wakeDescriptor: Int32 { wakePipe.read }

    /// Returns at the first signal: for a server that reads no input to wait on.
    public func stopRequested() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let descriptor = wakeDescriptor
            Thread.detachNewThread {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&waiting, 1, -1) < 0 && errno == EINTR {}
                continuation.resume()
            }
        }
    }

    private func watch(_ signalPipe: Int32) {
        var received = 0
        while true {
            var byte: UInt8 = 0
            let count = read(signalPipe, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return }
            received += 1
            if received == 1 {
                stopRequested.store(true, ordering: .releasing)
                var wake: UInt8 = 1
                _ = write(wakePipe.write, &wake, 1)
            } else {
                onSecondSignal(Int32(byte))
            }
        }
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SignalSetupError(errno: errno) }
        return (ends[0], ends[1])
    }
}

/// The pipes that carry signals could not be made (the process is out of file descriptors).
public struct SignalSetupError: Error, CustomStringConvertible {
    let errno: Int32

    public var description: String {
        "cannot make a pipe to handle SIGTERM and SIGINT: \(String(cString: strerror(errno)))"
    }
}

/// Where the signal handler writes; a C function pointer cannot capture it.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
