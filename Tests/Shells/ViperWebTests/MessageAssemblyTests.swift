import FlyingFox
import Foundation
import Testing
@testable import ViperWeb

@Suite("Messages from frames")
struct MessageAssemblyTests {
    private func frame(_ opcode: WSFrame.Opcode, _ text: String, fin: Bool = true) -> WSFrame {
        WSFrame(fin: fin, opcode: opcode, mask: nil, payload: Data(text.utf8))
    }

    @Test("a single frame is a whole message")
    func single() {
        var assembly = MessageAssembly(limit: 100)
        #expect(assembly.add(frame(.text, "{}")) == .complete(Array("{}".utf8)))
    }

    @Test("fragments join into one message, and the next message starts afresh")
    func fragments() {
        var assembly = MessageAssembly(limit: 100)
        #expect(assembly.add(frame(.text, "{\"a\"", fin: false)) == .incomplete)
        #expect(assembly.add(frame(.continuation, ":", fin: false)) == .incomplete)
        #expect(assembly.add(frame(.continuation, "1}")) == .complete(Array("{\"a\":1}".utf8)))
        #expect(assembly.add(frame(.binary, "[]")) == .complete(Array("[]".utf8)))
    }

    @Test("a message over the limit keeps nothing and says its whole length")
    func oversized() {
        var assembly = MessageAssembly(limit: 4)
        #expect(assembly.add(frame(.text, "abc", fin: false)) == .incomplete)
        #expect(assembly.add(frame(.continuation, "def")) == .oversized(6))
        #expect(assembly.add(frame(.text, "abcd")) == .complete(Array("abcd".utf8)))
    }

    @Test("frames out of order end the connection with the reason")
    func outOfOrder() {
        var assembly = MessageAssembly(limit: 100)
        #expect(assembly.add(frame(.continuation, "x")) == .outOfOrder("a continuation frame came with no message to continue"))
        #expect(assembly.add(frame(.text, "x", fin: false)) == .incomplete)
        #expect(assembly.add(frame(.text, "y")) == .outOfOrder("a new message began before the last one ended"))
    }
}
