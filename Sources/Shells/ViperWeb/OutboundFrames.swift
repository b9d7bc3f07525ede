import FlyingFox
import Foundation
import Synchronization
import ViperCore

/// What one connection has yet to send: the session's lines, each a text frame, and the frames
/// the connection answers with itself (pong, close).
///
/// Bounded: a client that stops reading while its session keeps writing is disconnected once
/// `limit` bytes wait, instead of filling the server's memory; other sessions never wait for
/// it, since each connection sends from a task of its own.
final class OutboundFrames: LineSink {
    private struct State {
        /// Frames in the order they go out. Removing the first is linear, but a healthy
        /// connection holds a handful at a time.
        var frames: [WSFrame] = []
        var bytes = 0
        /// The connection's sending task, waiting for a frame.
        var waiter: CheckedContinuation<WSFrame?, Never>?
        /// Nothing more goes out after what is queued.
        var finished = false
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func write(line: [UInt8]) {
        send(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(line)))
    }

    /// Queues `frame`, or, when the client has left too much unread, drops what waits and ends
    /// the connection with 1008.
    func send(_ frame: WSFrame) {
        let waiter: CheckedContinuation<WSFrame?, Never>? = state.withLock { state in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if state.bytes + frame.payload.count > limit {
                state.frames = [.close(code: WSCloseCode(
                    WSCloseCode.policyViolation.code,
                    reason: "the client left more than \(limit / (1 << 20)) MiB unread; read the messages as they come"))]
                state.bytes = 0
                state.finished = true
                return nil
            }
            state.frames.append(frame)
            state.bytes += frame.payload.count
            return nil
        }
        waiter?.resume(returning: frame)
    }

    /// Queues a close frame, the last one the connection sends.
    func close(_ code: WSCloseCode) {
        send(.close(code: code))
        finish()
    }

    /// Ends the connection once what is queued is sent.
    func finish() {
        let waiter = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.frames.isEmpty ? state.waiter : nil
        }
        waiter?.resume(returning: nil)
    }

    /// The next frame to send, waiting for one; nil once the connection is to end, or when
    /// the task that waits is cancelled (the server stops).
    func next() async -> WSFrame? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: WSFrame?? = state.withLock { state in
                    if !state.frames.isEmpty {
                        let frame = state.frames.removeFirst()
                        state.bytes -= frame.payload.count
                        return .some(frame)
                    }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
