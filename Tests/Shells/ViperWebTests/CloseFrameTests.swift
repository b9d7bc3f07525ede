import NIOCore
import Testing

@testable import ViperWeb

@Suite("Close frames a client sends, as RFC 6455 allows them")
struct CloseFrameTests {
    private func payload(_ code: UInt16?, _ reason: [UInt8] = []) -> ByteBuffer {
        var buffer = ByteBuffer()
        if let code { buffer.writeInteger(code) }
        buffer.writeBytes(reason)
        return buffer
    }

    @Test("an empty payload is 1000; a code a client may send is read with its reason", arguments: [1000, 1001, 1003, 1007, 1011, 3000, 4999] as [UInt16])
    func allowed(code: UInt16) throws {
        #expect(CloseFrame.read(ByteBuffer()) == .success(CloseFrame(code: 1000, reason: "")))
        #expect(CloseFrame.read(payload(code, Array("bye".utf8))) == .success(CloseFrame(code: code, reason: "bye")))
    }

    @Test("a code no client may send is a protocol error", arguments: [0, 999, 1004, 1005, 1006, 1012, 1015, 1016, 2999, 5000, 65535] as [UInt16])
    func forbidden(code: UInt16) {
        #expect(CloseFrame.read(payload(code)) == .failure(.init(code: 1002, reason: "\(code) is not a close code a client may send")))
    }

    @Test("one byte of payload is a protocol error; a reason that is not UTF-8 is 1007")
    func malformed() {
        var oneByte = ByteBuffer()
        oneByte.writeInteger(UInt8(3))
        #expect(CloseFrame.read(oneByte) == .failure(.init(code: 1002, reason: "a close frame's payload is a 2-byte code and a reason, not 1 byte")))
        #expect(CloseFrame.read(payload(1000, [0xCE, 0xBA, 0xE1, 0xBD])) == .failure(.init(code: 1007, reason: "a close frame's reason must be UTF-8")))
    }

    @Test("the server's reason is cut to what fits a control frame, at a character's end")
    func longReason() {
        let frame = CloseFrame(code: 1008, reason: String(repeating: "é", count: 100))
        #expect(frame.payload.readableBytes <= 125)
        #expect(frame.payload.readableBytes == 2 + 122)
    }
}
