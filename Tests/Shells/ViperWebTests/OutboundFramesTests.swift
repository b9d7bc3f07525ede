import FlyingFox
import Foundation
import Testing
@testable import ViperWeb

@Suite("Frames waiting to be sent")
struct OutboundFramesTests {
    @Test("lines go out as text frames in order, then the stream ends at finish")
    func order() async {
        let frames = OutboundFrames(limit: 1000)
        frames.write(line: Array("one".utf8))
        frames.write(line: Array("two".utf8))
        frames.finish()
        #expect(await frames.next()?.payload == Data("one".utf8))
        #expect(await frames.next()?.payload == Data("two".utf8))
        #expect(await frames.next() == nil)
    }

    @Test("a frame written while the sender waits goes straight to it")
    func waiting() async {
        let frames = OutboundFrames(limit: 1000)
        async let next = frames.next()
        try? await Task.sleep(for: .milliseconds(20))
        frames.write(line: Array("late".utf8))
        #expect(await next?.payload == Data("late".utf8))
    }

    @Test("a client that leaves too much unread is sent 1008 with the reason, and nothing more")
    func overflow() async {
        let frames = OutboundFrames(limit: 1 << 20)
        frames.write(line: [UInt8](repeating: 65, count: 600_000))
        frames.write(line: [UInt8](repeating: 66, count: 600_000))
        frames.write(line: Array("after".utf8))
        let close = await frames.next()
        #expect(close?.opcode == .close)
        #expect(close?.payload.prefix(2) == Data([0x03, 0xF0]))
        #expect(String(decoding: close?.payload.dropFirst(2) ?? Data(), as: UTF8.self) == "the client left more than 1 MiB unread; read the messages as they come")
        #expect(await frames.next() == nil)
    }

    @Test("a sender cancelled while it waits gets nil")
    func cancelled() async {
        let frames = OutboundFrames(limit: 1000)
        let waiting = Task { await frames.next() }
        try? await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == nil)
    }
}
