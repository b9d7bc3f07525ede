import Foundation
import StoreFaults
import Testing
import WebSocketTestClient

@testable import ViperCommandLine

#if canImport(Glibc)
import Glibc
#endif

/// `viper serve --listen` probed as an attacker would, on loopback against the built binary:
/// each attack is bounded in count and time, and a session opened before it (the witness) must
/// still be answered promptly while it lasts and after. One attack at a time, so that what a
/// witness measures is the attack's effect, not that of another running beside it.
@Suite("viper serve --listen under attack", .serialized)
struct ListenAttackTests {
    private static let initialize = Wire.initialize(1, now: "2026-11-19T09:00:00Z")

    private func listen(_ arguments: [String] = ["--db", ":memory:"], openFiles: Int? = nil) throws -> (ServeProcess, UInt16) {
        try ServeProcess.listening(arguments, openFiles: openFiles)
    }

    private func stop(_ server: ServeProcess) throws {
        server.kill(SIGTERM)
        let exit = try server.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")
    }

    // MARK: - HTTP, before any session

    @Test("a Host that only starts like a loopback address is refused with 403: the DNS-rebinding guard reads the address whole")
    func reboundHosts() async throws {
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            for host in ["127.attacker.example", "127.0.0.1.attacker.example", "localhost.attacker.example", "127.1", "0x7f.0.0.1", "[::1].attacker.example"] {
                #expect("\(host) is refused") {
                    try WebSocketTestClient(port: port, host: "\(host):PORT")
                } throws: { ($0 as? WebSocketTestClient.Refused)?.status == 403 }
                try witness.isAnsweredPromptly("after \(host)")
            }
            for host in ["127.0.0.1:PORT", "127.8.9.10:PORT", "localhost:PORT", "[::1]:PORT", "localhost"] {
                let session = try WebSocketTestClient(port: port, host: host)
                #expect(try session.call(Self.initialize, id: 1).last?.contains(#""result""#) == true, "\(host)")
            }
            try stop(server)
        }
    }

    @Test("headers over 16 KiB are answered 431 as they arrive, at no lasting cost: one of 128 KB, then two of 400 KB at once")
    func headerFlood() async throws {
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            for sizes in [[128_000], [400_000, 400_000]] {
                let heads = sizes.map { size in
                    Array("GET /session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: \(String(repeating: "a", count: size))\r\n\r\n".utf8)
                }
                let attackers = try heads.map { _ in try TCPTestConnection(port: port) }
                // Side by side, a slice at a time; the server may hang up before the end.
                for offset in stride(from: 0, to: heads[0].count, by: 8192) {
                    for (attacker, head) in zip(attackers, heads) {
                        attacker.send(Array(head[offset..<min(offset + 8192, head.count)]))
                    }
                }
                try witness.isAnsweredPromptly("while \(sizes) bytes of headers arrive")
                for attacker in attackers {
                    let response = String(decoding: try attacker.readToEnd(timeout: Witness.promptly), as: UTF8.self)
                    #expect(response.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(response.prefix(200))")
                }
            }
            try witness.isAnsweredPromptly("after the headers")
            // Nothing goes on burning once the attackers are gone.
            let before = try ProcessUsage(of: server.processIdentifier).cpuSeconds
            Thread.sleep(forTimeInterval: 1)
            let spent = try ProcessUsage(of: server.processIdentifier).cpuSeconds - before
            #expect(spent < 0.25, "an idle server spent \(spent) s of CPU in a second")
            try stop(server)
        }
    }

    @Test("a request not complete within 10 s closes its connection, however it trickles, and whether its head or its body stalls")
    func slowHead() async throws {
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            let silent = try TCPTestConnection(port: port)
            // A whole head that declares a body, then a little of it, then nothing.
            let stalledBody = try TCPTestConnection(port: port)
            stalledBody.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nsome")
            let trickling = try TCPTestConnection(port: port)
            let head = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100)
            let start = Date()
            var sent = 0
            // A byte every 200 ms, until the server hangs up or 20 s have passed.
            while sent < head.count, Date().timeIntervalSince(start) < 20, trickling.send([head[sent]]) {
                sent += 1
                Thread.sleep(forTimeInterval: 0.2)
                if sent % 10 == 0 { try witness.isAnsweredPromptly("while a head trickles") }
            }
            #expect(trickling.isClosedByServer(within: 5), "the trickling connection is still open after \(sent) bytes")
            #expect(silent.isClosedByServer(within: 5), "the silent connection is still open")
            #expect(stalledBody.isClosedByServer(within: 5), "the connection whose body stalled is still open")
            let waited = Date().timeIntervalSince(start)
            // Not before the head's ten seconds; how long after depends on the machine's load.
            #expect(waited > 9, "closed after \(waited) s")
            try witness.isAnsweredPromptly("after the slow heads")
            try stop(server)
        }
    }

    @Test("thousands of idle connections before the upgrade: the oldest are closed past 512, sessions go on, the listener stays")
    func idleConnections() async throws {
        let files = OpenFileLimit.raiseToHardLimit()
        try #require(files >= 4000, "this machine lets a process open only \(files) files (ulimit -Hn)")
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            var idle: [TCPTestConnection] = []
            for index in 0..<3000 {
                let connection = try TCPTestConnection(port: port)
                // A third send half a request head and stop; the others send nothing.
                if index % 3 == 0 { connection.send("GET /session HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
                idle.append(connection)
                if index % 500 == 0 { try witness.isAnsweredPromptly("among \(index) idle connections") }
            }
            #expect(idle[0].isClosedByServer(within: Witness.promptly), "the oldest idle connection is still open")
            let usage = try ProcessUsage(of: server.processIdentifier)
            #expect(usage.openFiles < 512 + 100, "the server holds \(usage.openFiles) files for 3,000 idle connections")
            try witness.isAnsweredPromptly("after 3,000 idle connections")
            let newcomer = try WebSocketTestClient(port: port)
            #expect(try newcomer.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
            try stop(server)
        }
    }

    @Test("out of file descriptors, the listener backs off and says so once, sessions go on, and it serves again when some close")
    func descriptorExhaustion() async throws {
        try await onOwnThread {
            let (server, port) = try listen(["--db", ":memory:"], openFiles: 96)
            let witness = try Witness(port: port)
            var flood: [TCPTestConnection] = []
            // The kernel completes these connections in the listener's backlog; the server
            // runs out of descriptors accepting them.
            for _ in 0..<150 { flood.append(try TCPTestConnection(port: port)) }
            _ = try server.waitForStandardError(containing: "cannot accept connections")
            try witness.isAnsweredPromptly("while the listener cannot accept")
            Thread.sleep(forTimeInterval: 2.5)
            try witness.isAnsweredPromptly("after a few tries to accept")
            flood.removeAll()
            let said = try server.waitForStandardError(containing: "accepting connections again")
            // Once until it accepts again. Accepting the connections left in the backlog, some
            // before the server has closed those their clients just closed, may run out again:
            // that is a new episode, said again.
            let episode = said.components(separatedBy: "accepting connections again")[0]
            #expect(episode.components(separatedBy: "cannot accept connections").count == 2, "said more than once:\n\(said)")
            let newcomer = try WebSocketTestClient(port: port)
            #expect(try newcomer.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
            try witness.isAnsweredPromptly("after descriptors freed up")
            try stop(server)
        }
    }

    // MARK: - WebSocket frames

    @Test("a frame declaring 8 GiB fails its connection with 1009 before its bytes are buffered")
    func eightGibibyteFrame() async throws {
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            let before = try ProcessUsage(of: server.processIdentifier).residentBytes
            let sender = try WebSocketTestClient(port: port)
            // The server may hang up before the mebibyte that follows the head is all sent.
            try? sender.sendFrameHead(declaring: 8 << 30, thenBytes: 1 << 20)
            let refused = try #require(try sender.receiveFrame(timeout: Witness.promptly))
            #expect(refused.closeCode == 1009, "\(refused)")
            try witness.isAnsweredPromptly("after the 8 GiB frame")
            let grown = try ProcessUsage(of: server.processIdentifier).residentBytes - before
            #expect(grown < 32 << 20, "the server grew by \(grown >> 20) MiB")
            try stop(server)
        }
    }

    /// A frame as a client sends it, masked unless told otherwise; `first` is its first byte
    /// (FIN, RSV bits and opcode).
    private static func frame(_ first: UInt8, _ payload: [UInt8], masked: Bool = true) -> [UInt8] {
        let maskBit: UInt8 = masked ? 0x80 : 0
        var bytes: [UInt8] = [first]
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + mask + payload.enumerated().map { $1 ^ mask[$0 & 3] }
    }

    /// Frames RFC 6455 forbids, with the close code that must fail their connection.
    private static let forbiddenFrames: [(what: String, bytes: [UInt8], code: Int)] = [
        ("a text frame with RSV1 set", frame(0xC1, Array("{}".utf8)), 1002),
        ("a text frame with RSV3 set", frame(0x91, Array("{}".utf8)), 1002),
        ("a frame of reserved data opcode 3", frame(0x83, []), 1002),
        ("a frame of reserved control opcode 11", frame(0x8B, []), 1002),
        ("an unmasked text frame", frame(0x81, Array(#"{"jsonrpc":"2.0","id":1,"method":"engine.state"}"#.utf8), masked: false), 1002),
        ("a ping of 126 bytes", frame(0x89, Array(repeating: 0x61, count: 126)), 1002),
        ("a fragmented ping", frame(0x09, Array("ping".utf8)), 1002),
        ("a continuation with no message to continue", frame(0x80, Array("{}".utf8)), 1002),
        ("a text frame inside a fragmented message", frame(0x01, Array("{".utf8)) + frame(0x81, Array("}".utf8)), 1002),
        ("a close frame of one byte", frame(0x88, [0x03]), 1002),
        ("a close frame with code 1005, which only says none was given", frame(0x88, [0x03, 0xED]), 1002),
        ("a close frame with code 999", frame(0x88, [0x03, 0xE7]), 1002),
        ("a close frame with code 2999", frame(0x88, [0x0B, 0xB7]), 1002),
        ("a close frame whose reason is not UTF-8", frame(0x88, [0x03, 0xE8, 0xC3, 0x28]), 1007),
        ("a text frame that is not UTF-8", frame(0x81, [0xC3, 0x28]), 1007),
        ("a first fragment that can never become UTF-8", frame(0x01, [0x7B, 0xFF]), 1007),
    ]

    @Test("frames RFC 6455 forbids fail their connection: 1002 for protocol errors, 1007 for text that is not UTF-8")
    func forbiddenFrames() async throws {
        try await onOwnThread {
            let (server, port) = try listen()
            let witness = try Witness(port: port)
            for (what, bytes, code) in Self.forbiddenFrames {
                let client = try WebSocketTestClient(port: port)
                try client.sendRaw(bytes)
                let close = try client.receiveFrame(timeout: Witness.promptly)
                #expect(close?.closeCode == code, "\(what): \(String(describing: close))")
                #expect(try client.receiveFrame(timeout: Witness.promptly) == nil, "\(what): the server closes the connection after its close frame")
                try witness.isAnsweredPromptly("after \(what)")
            }
            // And what is allowed goes on: a ping of 125 bytes, a fragmented text with a ping
            // between its fragments.
            let client = try WebSocketTestClient(port: port)
            try client.sendRaw(Self.frame(0x89, Array(repeating: 0x61, count: 125)))
            #expect(try client.receiveFrame(timeout: Witness.promptly) == .init(opcode: 0xA, payload: Array(repeating: 0x61, count: 125)))
            let request = Array(Self.initialize.utf8)
            try client.sendRaw(Self.frame(0x01, Array(request[..<10])) + Self.frame(0x89, []) + Self.frame(0x80, Array(request[10...])))
            #expect(try client.receiveFrame(timeout: Witness.promptly)?.opcode == 0xA)
            #expect(try client.receive(timeout: Witness.promptly).contains(#""protocolVersion""#))
            try stop(server)
        }
    }

    // MARK: - Stopping

    /// Starts ToDo in `client`'s session and fills in a ToDo called `title`, short of saving it.
    private func fillIn(_ title: String, with client: WebSocketTestClient) throws {
        _ = try client.call(Self.initialize, id: 1)
        _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
        _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
        _ = try client.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"\#(title)"}"#), id: 4)
        _ = try client.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-19"}"#), id: 5)
    }

    /// Every frame until the server closes the connection.
    private func framesToEnd(of client: WebSocketTestClient) throws -> [WebSocketTestClient.Frame] {
        var frames: [WebSocketTestClient.Frame] = []
        while let frame = try client.receiveFrame() { frames.append(frame) }
        return frames
    }

    /// The titles ToDo lists from the database at `path`, read by a new stdio engine.
    private func titles(in path: String) throws -> [String] {
        let next = try ServeProcess(serving: ["--db", path])
        return try ListViewModel(lastRenderIn: try next.startTodo(now: "2026-11-19T09:00:00Z")).rows.map(\.title)
    }

    @Test("SIGTERM: the listener closes at once, the save in progress commits and is answered, then every session is closed with 1001, and viper exits 0")
    func gracefulStop() async throws {
        let file = try StoreFile()
        try await onOwnThread {
            let (server, port) = try listen(["--db", file.path])
            let idle = try Witness(port: port)
            let saving = try WebSocketTestClient(port: port)
            try fillIn("Finish me", with: saving)
            // Another connection holds the write lock, so the save waits (up to 5 s) in SQLite.
            let lock = try DatabaseLock(path: file.path)
            try saving.send(Wire.event(6, "todo.add#1", "saveTapped"))
            Thread.sleep(forTimeInterval: 0.3)
            server.kill(SIGTERM)
            var refused = false
            for _ in 0..<100 where !refused {
                refused = (try? TCPTestConnection(port: port)) == nil
                if !refused { Thread.sleep(forTimeInterval: 0.02) }
            }
            #expect(refused, "the listener still accepts after SIGTERM")
            try lock.release()

            let frames = try framesToEnd(of: saving)
            #expect(frames.dropLast().contains { $0.text == Wire.result(6, "{}") }, "\(frames.map(\.text))")
            #expect(frames.last?.closeCode == 1001, "\(frames.map(\.text))")
            #expect(frames.last?.closeReason == "the server is stopping; connect again later")
            #expect(try framesToEnd(of: idle.client).last?.closeCode == 1001)
            let exit = try server.waitForExit()
            #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")
            #expect(try titles(in: file.path) == ["Finish me"])
        }
    }

    @Test("a second SIGTERM exits at once, without waiting for the save in progress, which is never committed")
    func secondSignal() async throws {
        let file = try StoreFile()
        try await onOwnThread {
            let (server, port) = try listen(["--db", file.path])
            let saving = try WebSocketTestClient(port: port)
            try fillIn("Never saved", with: saving)
            let lock = try DatabaseLock(path: file.path)
            try saving.send(Wire.event(6, "todo.add#1", "saveTapped"))
            Thread.sleep(forTimeInterval: 0.3)
            server.kill(SIGTERM)
            Thread.sleep(forTimeInterval: 0.2)
            server.kill(SIGTERM)
            let exit = try server.waitForExit()
            #expect(exit.reason == .uncaughtSignal && exit.status == SIGTERM, "\(exit.reason) \(exit.status) \(exit.standardError)")
            // Had viper waited for the lock, held here until viper is gone, the save would have
            // failed at SQLite's timeout and been answered with an error: no answer at all
            // means it did not wait.
            let frames = try framesToEnd(of: saving)
            #expect(frames.allSatisfy { !$0.text.contains(#""id":6"#) }, "\(frames.map(\.text))")
            try lock.release()
            #expect(try titles(in: file.path).isEmpty)
        }
    }

    @Test("SIGTERM amid 1,000 pipelined saves: every save committed was answered, and none was committed unanswered")
    func signalAmidPipelinedSaves() async throws {
        let file = try StoreFile()
        try await onOwnThread {
            let (server, port) = try listen(["--db", file.path])
            let client = try WebSocketTestClient(port: port)
            _ = try client.call(Self.initialize, id: 1)
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            var titlesBySaveID: [String: String] = [:]
            for save in 1...1000 {
                let scene = "todo.add#\(save)"
                let firstID = 10 * save
                titlesBySaveID[#""id":\#(firstID + 3),"#] = "Save \(save)"
                try client.send(Wire.event(firstID, "todo.list#1", "addTapped"))
                try client.send(Wire.event(firstID + 1, scene, "titleChanged", #"{"title":"Save \#(save)"}"#))
                try client.send(Wire.event(firstID + 2, scene, "dueDateChanged", #"{"dueDate":"2026-11-19"}"#))
                try client.send(Wire.event(firstID + 3, scene, "saveTapped"))
            }
            _ = try client.receive()
            server.kill(SIGTERM)
            let frames = try framesToEnd(of: client)
            #expect(frames.last?.closeCode == 1001)
            let answered = Set(frames.compactMap { frame -> String? in
                guard frame.text.contains(#""result""#), let id = frame.text.firstMatch(of: /^\{"id":\d+,/) else { return nil }
                return titlesBySaveID[String(id.0.dropFirst())]
            })
            #expect(answered.count < 1000, "the server read on after the signal")
            let exit = try server.waitForExit()
            #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")
            #expect(Set(try titles(in: file.path)) == answered)
        }
    }
}
