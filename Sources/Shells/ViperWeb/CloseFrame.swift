import NIOCore
import NIOWebSocket

/// A close frame's code and reason, and RFC 6455's rules for those a client sends.
struct CloseFrame: Equatable, Sendable {
    let code: UInt16
    let reason: String

    static let normal: UInt16 = 1000
    static let goingAway: UInt16 = 1001
    static let protocolError: UInt16 = 1002
    static let invalidPayload: UInt16 = 1007
    static let policyViolation: UInt16 = 1008
    static let messageTooBig: UInt16 = 1009
    static let tryAgainLater: UInt16 = 1013
    /// The session was resumed on another connection (one of the codes RFC 6455 leaves to
    /// applications): a client does not reconnect with it.
    static let resumedElsewhere: UInt16 = 4001
    /// The connection sent no `initialize` in time, and held a session's place for nothing.
    static let initializeTimeout: UInt16 = 4002

    /// What a client's close frame says, or the code to fail the connection with when it is
    /// not a close frame RFC 6455 allows: a payload of one byte, a code no endpoint may send
    /// (below 1000, 1004 to 1006, 1012 to 2999 and from 5000, as RFC 6455 §7.4 leaves them; 1015
    /// only names a failed TLS handshake), or a reason that is not UTF-8 (1007). A close frame
    /// without a payload reads as 1000.
    static func read(_ payload: ByteBuffer) -> Result<CloseFrame, Failure> {
        guard payload.readableBytes != 0 else { return .success(CloseFrame(code: normal, reason: "")) }
        var payload = payload
        guard let code = payload.readInteger(as: UInt16.self) else {
            return .failure(Failure(code: protocolError, reason: "a close frame's payload is a 2-byte code and a reason, not 1 byte"))
        }
        guard isAllowed(code) else {
            return .failure(Failure(code: protocolError, reason: "\(code) is not a close code a client may send"))
        }
        let reasonBytes = payload.readableBytesView
        var validator = UTF8Validator()
        guard validator.add(reasonBytes), validator.isComplete else {
            return .failure(Failure(code: invalidPayload, reason: "a close frame's reason must be UTF-8"))
        }
        return .success(CloseFrame(code: code, reason: String(decoding: reasonBytes, as: UTF8.self)))
    }

    /// Whether a peer may send `code` in a close frame.
    static func isAllowed(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }

    /// Why the connection fails, as the close frame that says so.
    struct Failure: Error, Equatable {
        let code: UInt16
        let reason: String
    }

    /// The frame's payload: the code, then the reason cut to what fits a control frame (125
    /// bytes), at a character's end.
    var payload: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(code)
        var reasonBytes = Array(reason.utf8.prefix(123))
        while !reasonBytes.isEmpty, String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        buffer.writeBytes(reasonBytes)
        return buffer
    }
}
