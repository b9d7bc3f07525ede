import NIOCore
import NIOWebSocket

/// The frames a client sends, checked as RFC 6455 asks and joined into messages: a value that
/// takes one frame at a time and says what the connection does next, so that the rules are
/// tested without a channel (`SessionHandler` carries the outcomes out).
///
/// 1002 for frames the protocol forbids (unmasked, with reserved bits, a reserved opcode, a
/// continuation with nothing to continue, a new message in the middle of one, a close frame that
/// is not one), 1007 for a text message that is not UTF-8, checked as its fragments come, and
/// 1009 for a message over `maxMessageBytes`, judged by its frames' declared lengths before their
/// bytes are kept.
struct FrameAssembler {
    /// What a frame asks of the connection.
    enum Outcome: Equatable {
        /// A whole message, for the session.
        case message(WebSocketMessage)
        /// Nothing yet: a fragment kept for the message it begins or continues, or a pong.
        case nothing
        /// A ping: answer with a pong that carries this payload.
        case ping(ByteBuffer)
        /// The client's close frame, read.
        case close(CloseFrame)
        /// The frame breaks the protocol: fail the connection with this close frame.
        case fail(CloseFrame)
    }

    let maxMessageBytes: Int
    /// The message being assembled from its frames, and what it holds so far.
    private var message: ByteBuffer?
    private var messageIsText = false
    private var utf8 = UTF8Validator()

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    mutating func receive(_ frame: WebSocketFrame) -> Outcome {
        guard frame.maskKey != nil else {
            return .fail(CloseFrame(code: CloseFrame.protocolError, reason: "a client's frames must be masked"))
        }
        guard !frame.rsv1 && !frame.rsv2 && !frame.rsv3 else {
            return .fail(CloseFrame(code: CloseFrame.protocolError, reason: "no extension was agreed: the reserved bits must be 0"))
        }
        switch frame.opcode {
        case .connectionClose:
            switch CloseFrame.read(frame.unmaskedData) {
            case .success(let close): return .close(close)
            case .failure(let failure): return .fail(CloseFrame(code: failure.code, reason: failure.reason))
            }
        case .ping:
            return .ping(frame.unmaskedData)
        case .pong:
            return .nothing
        case .text, .binary:
            guard message == nil else {
                return .fail(CloseFrame(code: CloseFrame.protocolError, reason: "a new message began before the last one ended"))
            }
            messageIsText = frame.opcode == .text
            guard !frame.fin else { return whole(frame) }
            message = ByteBufferAllocator().buffer(capacity: frame.length)
            utf8 = UTF8Validator()
            return add(frame)
        case .continuation:
            guard message != nil else {
                return .fail(CloseFrame(code: CloseFrame.protocolError, reason: "a continuation frame came with no message to continue"))
            }
            return add(frame)
        default:
            return .fail(CloseFrame(code: CloseFrame.protocolError, reason: "opcode \(UInt8(webSocketOpcode: frame.opcode)) is reserved"))
        }
    }

    /// The failure for a message over the limit, which NIO's frame decoder also reports.
    var messageTooBig: CloseFrame {
        CloseFrame(code: CloseFrame.messageTooBig, reason: "a message is at most \(maxMessageBytes) bytes")
    }

    private static let notUTF8 = CloseFrame(code: CloseFrame.invalidPayload, reason: "a text message must be UTF-8")

    /// A message in one frame, the common case: unmasked straight into the bytes the session
    /// takes, with one copy. The decoder has held the frame to the message limit.
    private func whole(_ frame: WebSocketFrame) -> Outcome {
        let bytes = frame.data.withUnsafeReadableBytes { masked in
            Array(unsafeUninitializedCapacity: masked.count) { unmasked, count in
                let key = frame.maskKey.map(Array.init) ?? [0, 0, 0, 0]
                for index in 0..<masked.count { unmasked[index] = masked[index] ^ key[index & 3] }
                count = masked.count
            }
        }
        if messageIsText {
            var utf8 = UTF8Validator()
            guard utf8.add(bytes), utf8.isComplete else { return .fail(Self.notUTF8) }
        }
        return .message(WebSocketMessage(bytes: bytes, isText: messageIsText))
    }

    /// Adds a data frame to the message, and ends the message at its last frame.
    private mutating func add(_ frame: WebSocketFrame) -> Outcome {
        guard var message else { return .nothing }
        self.message = nil
        guard message.readableBytes + frame.length <= maxMessageBytes else { return .fail(messageTooBig) }
        var data = frame.data
        if let key = frame.maskKey { data.webSocketUnmask(key) }
        if messageIsText {
            guard utf8.add(data.readableBytesView) else { return .fail(Self.notUTF8) }
        }
        message.writeBuffer(&data)
        guard frame.fin else {
            self.message = message
            return .nothing
        }
        if messageIsText && !utf8.isComplete { return .fail(Self.notUTF8) }
        return .message(WebSocketMessage(bytes: Array(message.readableBytesView), isText: messageIsText))
    }
}
