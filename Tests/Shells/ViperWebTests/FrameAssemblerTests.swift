import NIOCore
import NIOWebSocket
import Testing

@testable import ViperWeb

@Suite("A client's frames checked and joined into messages, without a channel")
struct FrameAssemblerTests {
    private let key: WebSocketMaskingKey = [0x12, 0x34, 0x56, 0x78]

    /// A frame as a client sends it: masked, unless `masked` is false.
    private func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true, masked: Bool = true, rsv1: Bool = false) -> WebSocketFrame {
        var data = ByteBuffer(bytes: bytes)
        if masked { data.webSocketMask(key) }
        return WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, maskKey: masked ? key : nil, data: data)
    }

    private func text(_ string: String, fin: Bool = true) -> WebSocketFrame {
        frame(.text, Array(string.utf8), fin: fin)
    }

    private func failure(_ outcome: FrameAssembler.Outcome) -> UInt16? {
        if case .fail(let close) = outcome { return close.code }
        return nil
    }

    @Test("a whole text message in one frame, and one in three fragments, come out unmasked")
    func messages() {
        var frames = FrameAssembler(maxMessageBytes: 100)
        let receive = { frames.receive($0) }
        #expect(receive(text("{\"id\":1}")) == .message(WebSocketMessage(bytes: Array("{\"id\":1}".utf8), isText: true)))
        #expect(receive(text("ab", fin: false)) == .nothing)
        #expect(receive(frame(.continuation, Array("cd".utf8), fin: false)) == .nothing)
        #expect(receive(frame(.continuation, Array("ef".utf8))) == .message(WebSocketMessage(bytes: Array("abcdef".utf8), isText: true)))
        #expect(receive(frame(.binary, [0xff, 0])) == .message(WebSocketMessage(bytes: [0xff, 0], isText: false)))
    }

    @Test("control frames: a ping is answered with its payload, a pong is nothing, a close is read")
    func control() {
        var frames = FrameAssembler(maxMessageBytes: 100)
        let receive = { frames.receive($0) }
        #expect(receive(frame(.ping, [1, 2, 3])) == .ping(ByteBuffer(bytes: [1, 2, 3])))
        #expect(receive(frame(.pong, [9])) == .nothing)
        #expect(receive(frame(.connectionClose, [0x03, 0xe8] + Array("bye".utf8))) == .close(CloseFrame(code: 1000, reason: "bye")))
        #expect(failure(receive(frame(.connectionClose, [0x03, 0xed]))) == 1002)
        // A ping between the fragments of a message leaves the message whole.
        #expect(receive(text("a", fin: false)) == .nothing)
        #expect(receive(frame(.ping, [])) == .ping(ByteBuffer()))
        #expect(receive(frame(.continuation, Array("b".utf8))) == .message(WebSocketMessage(bytes: Array("ab".utf8), isText: true)))
    }

    @Test("frames the protocol forbids fail the connection with 1002")
    func forbidden() {
        var frames = FrameAssembler(maxMessageBytes: 100)
        let receive = { frames.receive($0) }
        #expect(failure(receive(frame(.text, [65], masked: false))) == 1002)
        #expect(failure(receive(frame(.text, [65], rsv1: true))) == 1002)
        #expect(failure(receive(frame(WebSocketOpcode(encodedWebSocketOpcode: 3)!, [65]))) == 1002)
        #expect(failure(receive(frame(.continuation, [65]))) == 1002)
        #expect(receive(text("a", fin: false)) == .nothing)
        #expect(failure(receive(text("b"))) == 1002)
    }

    @Test("text that is not UTF-8 is 1007, at the first fragment that shows it; a message over the limit is 1009")
    func payloads() {
        var frames = FrameAssembler(maxMessageBytes: 4)
        let receive = { frames.receive($0) }
        #expect(failure(receive(frame(.text, [0xc3]))) == 1007)
        #expect(receive(frame(.text, [0xc3], fin: false)) == .nothing)
        #expect(failure(receive(frame(.continuation, [0x28], fin: false))) == 1007)
        var incomplete = FrameAssembler(maxMessageBytes: 4)
        let receiveIncomplete = { incomplete.receive($0) }
        #expect(receiveIncomplete(frame(.text, [0x61], fin: false)) == .nothing)
        #expect(failure(receiveIncomplete(frame(.continuation, [0xe2, 0x82]))) == 1007)
        var long = FrameAssembler(maxMessageBytes: 4)
        let receiveLong = { long.receive($0) }
        #expect(receiveLong(text("abc", fin: false)) == .nothing)
        #expect(receiveLong(frame(.continuation, Array("de".utf8))) == .fail(long.messageTooBig))
        #expect(long.messageTooBig == CloseFrame(code: 1009, reason: "a message is at most 4 bytes"))
    }
}
