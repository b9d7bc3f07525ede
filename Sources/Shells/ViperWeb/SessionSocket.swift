import FlyingFox
import Foundation
import ViperCore

/// One WebSocket connection, one session: each text frame the client sends is one protocol
/// message, each line the session writes one text frame back. The session ends with the
/// connection: its background work is cancelled, and the requests it read are still performed
/// (a save the client sent is kept), though nobody is left to read the answers.
struct SessionSocket: WSHandler {
    let engine: Engine
    let limits: WebServerLimits
    let slots: SessionSlots

    /// How long a connection the server closes waits for the client's own close frame before
    /// the socket is closed anyway.
    static let closingGrace: Duration = .seconds(5)

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let outbound = OutboundFrames(limit: limits.maxUnsentBytes)
        guard slots.take() else {
            // Refused after the upgrade, not before: a browser's WebSocket shows a close
            // reason, never the status of a refused upgrade.
            outbound.close(WSCloseCode(
                WSCloseCode.tryAgainLater.code,
                reason: "the server already serves \(slots.capacity) sessions (--max-sessions); try again later"))
            return Self.frames(of: outbound, endingAfter: ConnectionReader { await Self.discard(client) })
        }
        let session = engine.makeSession(output: outbound)
        let maxMessageBytes = limits.maxMessageBytes
        let reader = ConnectionReader {
            await Self.read(client, into: session, answeringOn: outbound, maxMessageBytes: maxMessageBytes)
        }
        // Holds the reading task, not the reader: the frames alone keep the reader alive, so
        // that dropping them cancels it.
        let reading = reader.task
        Task {
            let closing = await reading.value
            await session.finish()
            if let closing { outbound.close(closing) } else { outbound.finish() }
            slots.release()
        }
        return Self.frames(of: outbound, endingAfter: reader)
    }

    /// What the connection sends: `outbound`'s frames, ending only once `reader` has.
    private static func frames(of outbound: OutboundFrames, endingAfter reader: ConnectionReader) -> AsyncStream<WSFrame> {
        AsyncStream {
            if let frame = await outbound.next() { return frame }
            await reader.end(within: closingGrace)
            return nil
        }
    }

    /// Reads and ignores what a refused client sends, until it closes or leaves.
    private static func discard(_ client: AsyncThrowingStream<WSFrame, any Error>) async -> WSCloseCode? {
        do {
            for try await frame in client where frame.opcode == .close { return nil }
        } catch {}
        return nil
    }

    /// Hands each message the client sends to `session` until the connection ends, is to be
    /// closed (returns how), or the reading is cancelled.
    private static func read(
        _ client: AsyncThrowingStream<WSFrame, any Error>, into session: Session, answeringOn outbound: OutboundFrames,
        maxMessageBytes: Int
    ) async -> WSCloseCode? {
        var message = MessageAssembly(limit: maxMessageBytes)
        do {
            for try await frame in client {
                switch frame.opcode {
                case .text, .binary, .continuation:
                    switch message.add(frame) {
                    case .incomplete: break
                    case .complete(let bytes): await session.accept(line: bytes)
                    // The session answers a line that is too long with its own error, as over
                    // stdio; only the length is handed on, not the bytes.
                    case .oversized(let length): await session.accept(oversizedLineOf: length)
                    case .outOfOrder(let reason): return WSCloseCode(WSCloseCode.protocolError.code, reason: reason)
                    }
                case .ping:
                    outbound.send(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                case .pong:
                    break
                case .close:
                    return .normalClosure
                default:
                    return WSCloseCode(WSCloseCode.protocolError.code, reason: "unknown frame opcode \(frame.opcode.rawValue)")
                }
            }
        } catch {
            // The connection broke, sent what is not a frame, or is closing: nobody is left to
            // answer.
        }
        return nil
    }
}
