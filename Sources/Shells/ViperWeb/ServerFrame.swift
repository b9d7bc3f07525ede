import NIOCore
import NIOWebSocket

/// Frames as a server writes them (RFC 6455 §5.2): final, unmasked, the payload's length in 1,
/// 3 or 9 bytes; written straight into the buffer that goes out, so that a burst of messages
/// is one buffer and one write.
enum ServerFrame {
    /// Appends a frame of `opcode` carrying `payload` to `buffer`.
    static func append(_ opcode: WebSocketOpcode, payload: [UInt8], to buffer: inout ByteBuffer) {
        writeHeader(opcode, length: payload.count, to: &buffer)
        buffer.writeBytes(payload)
    }

    /// Appends a frame of `opcode` carrying `payload`'s readable bytes to `buffer`.
    static func append(_ opcode: WebSocketOpcode, payload: ByteBuffer, to buffer: inout ByteBuffer) {
        writeHeader(opcode, length: payload.readableBytes, to: &buffer)
        buffer.writeImmutableBuffer(payload)
    }

    private static func writeHeader(_ opcode: WebSocketOpcode, length: Int, to buffer: inout ByteBuffer) {
        buffer.writeInteger(0x80 | UInt8(webSocketOpcode: opcode))
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ...0xFFFF:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
