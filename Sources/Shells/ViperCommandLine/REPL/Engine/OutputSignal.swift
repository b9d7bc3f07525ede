import Foundation

/// Tells the REPL's line editor that the engine wrote something: a self-pipe whose read end
/// `poll(2)` watches beside the keyboard, so that a render that arrives by itself (a live
/// feed's message) is shown while the user types nothing.
final class OutputSignal: Sendable {
    /// The end to watch: readable once something was written since the last `clear()`.
    let descriptor: Int32
    private let writer: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            // Neither end may block: a full pipe already says all it needs to.
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        descriptor = ends[0]
        writer = ends[1]
    }

    deinit {
        close(descriptor)
        close(writer)
    }

    /// Wakes whoever watches `descriptor`; any thread may call it.
    func raise() {
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }

    /// Forgets earlier signals.
    func clear() {
        var drained = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &drained, drained.count) > 0 {}
    }

    /// Waits until a signal comes or `timeout` passes; whether one came.
    func wait(timeout: Duration) -> Bool {
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let milliseconds = Int32(clamping: timeout.wholeMilliseconds)
        return poll(&watched, 1, milliseconds) > 0
    }
}
