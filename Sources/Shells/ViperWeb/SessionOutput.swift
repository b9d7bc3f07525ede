import NIOCore
import NIOWebSocket
import Synchronization
import ViperCore

/// What a conversation writes to its connection: each line a text frame (a session's output)
/// or each message a frame of its kind, in order, then the close frame that ends it.
///
/// The conversation writes from its own executor; the frames go out on the connection's event
/// loop. Each is encoded as it is written, into the buffer of those waiting to go out: a burst
/// of lines (a session answering pipelined events) costs one hop to the event loop, one buffer
/// and one system call, not one of each per line.
///
/// Bounded: frames wait here only while the connection cannot take more (its peer reads too
/// slowly); once more than `limit` bytes wait, what waits is dropped and the connection closes
/// with 1008, instead of filling the server's memory.
final class SessionOutput: LineSink, Sendable {
    private struct State {
        /// Frames encoded and not handed to the connection yet.
        var waiting = ByteBuffer()
        /// A drain is scheduled on the event loop.
        var scheduled = false
        /// The close frame to send once the frames before it are out; nothing is taken after it.
        var closing: CloseFrame?
        var finished = false
    }

    private let state = Mutex(State())
    private let limit: Int
    private let eventLoop: any EventLoop
    /// The connection, once its handler is in the pipeline: whether it takes more now, and how
    /// encoded frames are written to it (the last being a close frame when `closing`).
    private let connection = Mutex<Connection?>(nil)

    struct Connection: Sendable {
        let isWritable: @Sendable () -> Bool
        let write: @Sendable (_ frames: ByteBuffer, _ closing: Bool) -> Void
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

    func write(line: [UInt8]) {
        send(WebSocketMessage(bytes: line, isText: true))
    }

    /// Sends `message` as one frame, after what was written before.
    func send(_ message: WebSocketMessage) {
        let schedule = state.withLock { state -> Bool in
            guard state.closing == nil, !state.finished else { return false }
            ServerFrame.append(message.isText ? .text : .binary, payload: message.bytes, to: &state.waiting)
            if state.waiting.readableBytes > limit {
                state.waiting = ByteBuffer()
                state.closing = CloseFrame(
                    code: CloseFrame.policyViolation,
                    reason: "the client left more than \(limit / (1 << 20)) MiB unread; read the messages as they come")
            }
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        if schedule { eventLoop.execute { self.drain() } }
    }

    /// Sends what waits, then `frame` as the connection's last; later lines are dropped. A
    /// close already asked for wins.
    func close(_ frame: CloseFrame) {
        let schedule = state.withLock { state -> Bool in
            guard state.closing == nil, !state.finished else { return false }
            state.closing = frame
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        if schedule { eventLoop.execute { self.drain() } }
    }

    /// Whether a close frame is to be sent, or was: the session may write nothing more.
    var isClosing: Bool { state.withLock { $0.closing != nil || $0.finished } }

    /// Hands what waits to the connection while it takes more, on the event loop; the
    /// connection calls it again when it can take more after a pause.
    func drain() {
        eventLoop.preconditionInEventLoop()
        guard let connection = connection.withLock({ $0 }), connection.isWritable() else {
            // What waits stays counted against the limit until the peer reads.
            state.withLock { $0.scheduled = false }
            return
        }
        let (frames, closing) = state.withLock { state -> (ByteBuffer, CloseFrame?) in
            var frames = ByteBuffer()
            swap(&frames, &state.waiting)
            state.scheduled = false
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
