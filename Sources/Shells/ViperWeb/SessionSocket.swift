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

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let outbound = OutboundFrames(limit: limits.maxUnsentBytes)
        guard slots.take() else {
            // Refused after the upgrade, not before: a browser's WebSocket shows a close
            // reason, never the status of a refused upgrade.
            outbound.close(WSCloseCode(
                WSCloseCode.tryAgainLater.code,
                reason: "the server already serves \(slots.capacity) sessions (--max-sessions); try again later"))
            return AsyncStream(unfolding: outbound.next)
        }
        let session = engine.makeSession(output: outbound)
        Task {
            await Self.serve(session, reading: client, answeringOn: outbound, maxMessageBytes: limits.maxMessageBytes)
            slots.release()
        }
        return AsyncStream(unfolding: outbound.next)
    }

    private static func serve(
        _ session: Session, reading client: AsyncThrowingStream<WSFrame, any Error>, answeringOn outbound: OutboundFrames,
        maxMessageBytes: Int
    ) async {
        var message = MessageAssembly(limit: maxMessageBytes)
        var closing: WSCloseCode?
        do {
            frames: for try await frame in client {
                switch frame.opcode {
                case .text, .binary, .continuation:
                    switch message.add(frame) {
                    case .incomplete: break
                    case .complete(let bytes): await session.accept(line: bytes)
                    // The session answers a line that is too long with its own error, as over
                    // stdio; only the length is handed on, not the bytes.
                    case .oversized(let length): await session.accept(oversizedLineOf: length)
                    case .outOfOrder(let reason):
                        closing = WSCloseCode(WSCloseCode.protocolError.code, reason: reason)
                        break frames
                    }
                case .ping:
                    outbound.send(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                case .pong:
                    break
                case .close:
                    closing = .normalClosure
                    break frames
                default:
                    closing = WSCloseCode(WSCloseCode.protocolError.code, reason: "unknown frame opcode \(frame.opcode.rawValue)")
                    break frames
                }
            }
        } catch {
            // The connection broke or sent what is not a frame: nobody is left to answer.
        }
        await session.finish()
        if let closing { outbound.close(closing) } else { outbound.finish() }
    }
}
