import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import ViperWeb

@Suite("Frames the server encodes itself, read back by NIO's decoder")
struct ServerFrameTests {
    /// Decodes every frame in `buffer` with NIO's own decoder, as a client's library would.
    private func decode(_ buffer: ByteBuffer) throws -> [WebSocketFrame] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
        try channel.writeInbound(buffer)
        var frames: [WebSocketFrame] = []
        while let frame = try channel.readInbound(as: WebSocketFrame.self) { frames.append(frame) }
        _ = try channel.finish()
        return frames
    }

    @Test("lengths at each size of the length field: 7 bits, 16 bits, 64 bits", arguments: [0, 1, 125, 126, 65_535, 65_536, 200_000])
    func lengths(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        var buffer = ByteBuffer()
        ServerFrame.append(.text, payload: payload, to: &buffer)
        let expectedHeader = length < 126 ? 2 : length <= 65_535 ? 4 : 10
        #expect(buffer.readableBytes == expectedHeader + length)
        let frames = try decode(buffer)
        #expect(frames.count == 1)
        #expect(frames.first?.fin == true && frames.first?.opcode == .text && frames.first?.maskKey == nil)
        #expect(frames.first.map { Array($0.data.readableBytesView) } == payload)
    }

    @Test("a burst is frames back to back in one buffer, each of its own kind")
    func burst() throws {
        var buffer = ByteBuffer()
        ServerFrame.append(.text, payload: Array(#"{"id":1}"#.utf8), to: &buffer)
        ServerFrame.append(.binary, payload: [0xFF, 0x00], to: &buffer)
        ServerFrame.append(.connectionClose, payload: CloseFrame(code: 1001, reason: "bye").payload, to: &buffer)
        let frames = try decode(buffer)
        #expect(frames.map(\.opcode) == [.text, .binary, .connectionClose])
        #expect(frames.map { Array($0.data.readableBytesView) } == [Array(#"{"id":1}"#.utf8), [0xFF, 0x00], [0x03, 0xE9] + Array("bye".utf8)])
    }
}
