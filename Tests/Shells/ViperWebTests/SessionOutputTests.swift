import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing
import ViperCore

@testable import ViperWeb

@Suite("What a session writes, gathered into frames on the connection's event loop")
struct SessionOutputTests {
    /// The writes a connection received: each a buffer of encoded frames, and whether it closed.
    private final class Writes: Sendable {
        let all = Mutex<[(frames: ByteBuffer, closing: Bool)]>([])
        let writable = Atomic<Bool>(true)
        let inputEnded = Atomic<Bool>(false)

        var count: Int { all.withLock { $0.count } }

        /// The payloads of every frame written so far, as text.
        var texts: [String] {
            all.withLock { writes in
                writes.flatMap { write -> [String] in
                    var buffer = write.frames
                    var texts: [String] = []
                    while buffer.readableBytes > 0 {
                        _ = buffer.readInteger(as: UInt8.self)
                        var length = Int(buffer.readInteger(as: UInt8.self)!)
                        if length == 126 { length = Int(buffer.readInteger(as: UInt16.self)!) }
                        if length == 127 { length = Int(buffer.readInteger(as: UInt64.self)!) }
                        texts.append(buffer.readString(length: length)!)
                    }
                    return texts
                }
            }
        }
    }

    private func output(limit: Int = 16 << 20) -> (SessionOutput, EmbeddedEventLoop, Writes) {
        let loop = EmbeddedEventLoop()
        let output = SessionOutput(limit: limit, eventLoop: loop)
        let writes = Writes()
        output.attach(SessionOutput.Connection(
            isWritable: { writes.writable.load(ordering: .relaxed) },
            write: { frames, closing in writes.all.withLock { $0.append((frames, closing)) } },
            endInput: { writes.inputEnded.store(true, ordering: .relaxed) }))
        return (output, loop, writes)
    }

    @Test("lines written together go out in one write, a millisecond after the first")
    func gathering() {
        let (output, loop, writes) = output()
        for line in ["a", "b", "c"] { output.write(line: Array(line.utf8)) }
        loop.run()
        #expect(writes.count == 0)
        loop.advanceTime(by: .microseconds(999))
        #expect(writes.count == 0)
        loop.advanceTime(by: .microseconds(1))
        #expect(writes.count == 1)
        #expect(writes.texts == ["a", "b", "c"])
    }

    @Test("a flush, when the session is about to wait, sends at once what was gathered")
    func flush() {
        let (output, loop, writes) = output()
        output.write(line: Array("answer".utf8))
        output.flush()
        loop.run()
        #expect(writes.count == 1)
        #expect(writes.texts == ["answer"])
        loop.advanceTime(by: .milliseconds(1))
        #expect(writes.count == 1, "the gathering's drain finds nothing left")
    }

    @Test("past 64 KiB gathered, frames go out without waiting for the millisecond")
    func batchLimit() {
        let (output, loop, writes) = output()
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        for _ in 0..<70 { output.write(line: line) }
        // The event loop runs without its clock moving: only a drain asked for at once runs.
        loop.run()
        #expect(writes.count == 1)
        #expect(writes.texts.count == 70, "every frame written before the event loop ran goes in the one write")
    }

    @Test("while the connection takes no more, frames wait; past the limit they are dropped and the connection closes with 1008")
    func limit() {
        let (output, loop, writes) = output(limit: 10_000)
        writes.writable.store(false, ordering: .relaxed)
        output.write(line: Array("first".utf8))
        output.flush()
        loop.run()
        #expect(writes.count == 0)
        for _ in 0..<20 { output.write(line: [UInt8](repeating: 0x61, count: 1000)) }
        writes.writable.store(true, ordering: .relaxed)
        output.drain()
        #expect(writes.count == 1)
        let close = writes.all.withLock { $0.last }
        #expect(close?.closing == true)
        var frames = close!.frames
        #expect(frames.readInteger(as: UInt8.self) == 0x88, "only the close frame: what waited was dropped")
        #expect(output.isClosing)
    }

    @Test("a session the engine ends (resumed elsewhere) sends what waits, then a close frame with 4001 and the reason, and its input ends")
    func endedByTheEngine() {
        let (output, loop, writes) = output()
        output.write(line: Array("last".utf8))
        output.end(because: .resumedElsewhere)
        output.write(line: Array("too late".utf8))
        loop.run()
        let inputEnded = writes.inputEnded.load(ordering: .relaxed)
        #expect(inputEnded)
        #expect(writes.texts.first == "last")
        let close = writes.all.withLock { $0.last }
        #expect(close?.closing == true)
        var frames = close!.frames
        frames.moveReaderIndex(forwardBy: 6)
        #expect(frames.readInteger(as: UInt8.self) == 0x88)
        _ = frames.readInteger(as: UInt8.self)
        #expect(frames.readInteger(as: UInt16.self) == 4001)
        #expect(frames.readString(length: frames.readableBytes) == "this session was resumed on another connection")
        #expect(!writes.texts.contains("too late"))
    }
}
