import NIOCore
import NIOWebSocket
import Synchronization
import ViperCore

/// What a conversation writes to its connection: each line a text frame (a session's output)
/// or each message a frame of its kind, in order, then the close frame that ends it.
///
/// The conversation writes from its own executor; the frames go out on the connection's event
/// loop. Each is encoded as it is written, into the buffer of those waiting to go out. As over
/// stdio (`FileDescriptorSink`), the first frame after a quiet moment has them go out within a
/// millisecond, or as soon as 64 KiB wait, or at once when the session flushes (it is about to
/// wait): a burst of lines (a session answering pipelined events) costs one hop to the event
/// loop, one buffer and one system call, not one of each per line, and a lone answer is not
/// held back.
///
/// Bounded: frames wait here only while the connection cannot take more (its peer reads too
/// slowly); once more than `limit` bytes wait, what waits is dropped and the connection closes
/// with 1008, instead of filling the server's memory.
final class SessionOutput: LineSink, Sendable {
    private struct State {
        /// Frames encoded and not handed to the connection yet.
        var waiting = ByteBuffer()
        /// When a drain is scheduled on the event loop.
        var scheduled = Schedule.none
        /// The close frame to send once the frames before it are out; nothing is taken after it.
        var closing: CloseFrame?
        var finished = false
    }

    private enum Schedule {
        case none, withinGathering, now
    }

    /// What a burst's buffer starts with: a few dozen renders of a small scene.
    private static let burstCapacity = 16 << 10
    /// How long frames gather before they go out, unless flushed.
    private static let gathering = TimeAmount.milliseconds(1)
    /// Gathered beyond this, frames go out without waiting for the rest of the moment.
    private static let batchLimit = 64 << 10

    private let state = Mutex(State())
    private let limit: Int
    private let eventLoop: any EventLoop
    /// The connection, once its handler is in the pipeline: whether it takes more now, and how
    /// encoded frames are written to it (the last being a close frame when `closing`).
    private let connection = Mutex<Connection?>(nil)

    struct Connection: Sendable {
        let isWritable: @Sendable () -> Bool
        let write: @Sendable (_ frames: ByteBuffer, _ closing: Bool) -> Void
        /// The engine ended the session: the connection reads no more.
        let endInput: @Sendable () -> Void
    }

    /// Output for a connection on `eventLoop`, which drops it past `limit` waiting bytes.
    init(limit: Int, eventLoop: any EventLoop) {
        self.limit = limit
        self.eventLoop = eventLoop
    }

    /// Where frames go from now on.
    func attach(_ connection: Connection) {
        self.connection.withLock { $0 = connection }
    }

    /// The connection is gone: nothing more goes to it, and what it held (its handler) is let go.
    func detach() {
        connection.withLock { $0 = nil }
    }

    /// The engine ended the session (another connection resumed it): what waits goes out, then
    /// a close frame with the reason, and the connection reads no more.
    func end(because reason: SessionEnd) {
        close(CloseFrame(code: CloseFrame.resumedElsewhere, reason: reason.reason))
        connection.withLock { $0 }?.endInput()
    }

    func write(line: [UInt8]) {
        send(WebSocketMessage(bytes: line, isText: true))
    }

    /// Sends `message` as one frame, after what was written before.
    func send(_ message: WebSocketMessage) {
        let drain = state.withLock { state -> Schedule in
            guard state.closing == nil, !state.finished else { return .none }
            // A burst's first frame makes room for the rest, rather than the buffer growing
            // (and copying) by doubling as they come; between bursts it holds nothing, so an
            // idle session costs no buffer.
            if state.waiting.capacity == 0 { state.waiting.reserveCapacity(Self.burstCapacity) }
            ServerFrame.append(message.isText ? .text : .binary, payload: message.bytes, to: &state.waiting)
            if state.waiting.readableBytes > limit {
                state.waiting = ByteBuffer()
                state.closing = CloseFrame(
                    code: CloseFrame.policyViolation,
                    reason: "the client left more than \(limit / (1 << 20)) MiB unread; read the messages as they come")
                return Self.reschedule(&state, .now)
            }
            return Self.reschedule(&state, state.waiting.readableBytes >= Self.batchLimit ? .now : .withinGathering)
        }
        schedule(drain)
    }

    /// The session is about to wait: what waits goes out at once.
    func flush() {
        let drain = state.withLock { state in
            state.waiting.readableBytes > 0 ? Self.reschedule(&state, .now) : Schedule.none
        }
        schedule(drain)
    }

    /// Moves the next drain to `wanted` when that is sooner than the one scheduled; returns the
    /// drain the caller is to schedule, if any.
    private static func reschedule(_ state: inout State, _ wanted: Schedule) -> Schedule {
        switch (state.scheduled, wanted) {
        case (.none, _), (.withinGathering, .now):
            state.scheduled = wanted
            return wanted
        default:
            return .none
        }
    }

    private func schedule(_ drain: Schedule) {
        switch drain {
        case .none: break
        case .withinGathering: eventLoop.scheduleTask(in: Self.gathering) { self.drain() }
        case .now: eventLoop.execute { self.drain() }
        }
    }

    /// Sends what waits, then `frame` as the connection's last; later lines are dropped. A
    /// close already asked for wins.
    func close(_ frame: CloseFrame) {
        let drain = state.withLock { state -> Schedule in
            guard state.closing == nil, !state.finished else { return .none }
            state.closing = frame
            return Self.reschedule(&state, .now)
        }
        schedule(drain)
    }

    /// Whether a close frame is to be sent, or was: the session may write nothing more.
    var isClosing: Bool { state.withLock { $0.closing != nil || $0.finished } }

    /// Hands what waits to the connection while it takes more, on the event loop; the
    /// connection calls it again when it can take more after a pause.
    func drain() {
        eventLoop.preconditionInEventLoop()
        guard let connection = connection.withLock({ $0 }), connection.isWritable() else {
            // What waits stays counted against the limit until the peer reads.
            state.withLock { $0.scheduled = .none }
            return
        }
        let (frames, closing) = state.withLock { state -> (ByteBuffer, CloseFrame?) in
            var frames = ByteBuffer()
            swap(&frames, &state.waiting)
            // A drain scheduled later finds nothing, or what came after this one.
            state.scheduled = .none
            let closing = state.finished ? nil : state.closing
            if closing != nil { state.finished = true }
            return (frames, closing)
        }
        guard frames.readableBytes > 0 || closing != nil else { return }
        var out = frames
        if let closing { ServerFrame.append(.connectionClose, payload: closing.payload, to: &out) }
        connection.write(out, closing != nil)
    }
}
