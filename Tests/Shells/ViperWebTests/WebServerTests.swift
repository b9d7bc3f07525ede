import Foundation
import Testing
import TodoApp
import ViperCore
import ViperStore
import ViperWeb
import WebSocketTestClient

/// The WebSocket server in this process, on 127.0.0.1 and a port the system picks, hosting the
/// ToDo app on one database in memory; each test's clients are real sockets.
@Suite("WebSocket sessions")
struct WebServerTests {
    private static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z"}}"#
    private static let start = #"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#

    private func withServer(
        token: String? = nil, allowedOrigins: Set<String> = [], maxSessions: Int = 100, maxUnsentBytes: Int = 16 << 20, devStatusFile: String? = nil,
        _ body: @escaping @Sendable (WebServer) throws -> Void
    ) async throws {
        let database = try SQLiteStore.inMemory(migrations: TodoApp.migrations)
        let engine = Engine(EngineConfiguration(
            apps: [AppFactory(TodoApp.self) { _ in TodoApp(store: Store(database), faults: nil) }], logger: .discarding))
        let server = try await WebServer.start(
            engine: engine,
            configuration: WebServerConfiguration(
                address: try ListenAddress("0"), token: token, allowedOrigins: allowedOrigins,
                limits: WebServerLimits(maxSessions: maxSessions, maxUnsentBytes: maxUnsentBytes), devStatusFile: devStatusFile))
        do {
            try await onOwnThread { try body(server) }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Opens a session and starts the ToDo app in it.
    private func startTodo(_ client: WebSocketTestClient) throws {
        _ = try client.call(Self.initialize, id: 1)
        _ = try client.call(Self.start, id: 2)
    }

    /// Adds a ToDo called `title`, due tomorrow, from the list scene `todo.list#1`.
    private func add(_ title: String, with client: WebSocketTestClient, firstID: Int) throws -> [String] {
        _ = try client.call(#"{"jsonrpc":"2.0","id":\#(firstID),"method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#, id: firstID)
        _ = try client.call(#"{"jsonrpc":"2.0","id":\#(firstID + 1),"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"\#(title)"}}}"#, id: firstID + 1)
        _ = try client.call(#"{"jsonrpc":"2.0","id":\#(firstID + 2),"method":"view.event","params":{"scene":"todo.add#1","event":"dueDateChanged","data":{"dueDate":"2026-11-20"}}}"#, id: firstID + 2)
        return try client.call(#"{"jsonrpc":"2.0","id":\#(firstID + 3),"method":"view.event","params":{"scene":"todo.add#1","event":"saveTapped"}}"#, id: firstID + 3)
    }

    @Test("the ToDo add story over a WebSocket: each line the engine writes is one text frame")
    func addStory() async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            let started = try client.call(Self.initialize, id: 1) + client.call(Self.start, id: 2)
            #expect(started.count == 4)
            #expect(started[1] == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"root","kind":"todo.list","scene":"todo.list#1"}}"#)
            let saved = try add("Buy milk", with: client, firstID: 3)
            #expect(saved.first == #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#)
            #expect(saved[1].contains(#""title":"Buy milk""#))
            #expect(saved.last == #"{"id":6,"jsonrpc":"2.0","result":{}}"#)
        }
    }

    @Test("sessions are apart, their data is shared: two clients at once, each with its own stack")
    func twoSessions() async throws {
        try await withServer { server in
            let ada = try WebSocketTestClient(port: server.address.port)
            let grace = try WebSocketTestClient(port: server.address.port)
            try startTodo(ada)
            try startTodo(grace)
            // Ada's Add scene is hers alone: Grace's session has no such scene.
            _ = try ada.call(#"{"jsonrpc":"2.0","id":3,"method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#, id: 3)
            let state = try grace.call(#"{"jsonrpc":"2.0","id":3,"method":"engine.state"}"#, id: 3)
            #expect(state.last?.contains("todo.add") == false)
            // What Ada saves, Grace's next list shows: one database.
            _ = try ada.call(#"{"jsonrpc":"2.0","id":4,"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"Shared"}}}"#, id: 4)
            _ = try ada.call(#"{"jsonrpc":"2.0","id":5,"method":"view.event","params":{"scene":"todo.add#1","event":"dueDateChanged","data":{"dueDate":"2026-11-20"}}}"#, id: 5)
            _ = try ada.call(#"{"jsonrpc":"2.0","id":6,"method":"view.event","params":{"scene":"todo.add#1","event":"saveTapped"}}"#, id: 6)
            let restarted = try grace.call(#"{"jsonrpc":"2.0","id":4,"method":"app.start","params":{"app":"todo"}}"#, id: 4)
            #expect(restarted.contains { $0.contains(#""title":"Shared""#) })
        }
    }

    @Test("garbage gets the errors stdio gives, and the session goes on", arguments: [
        ("not json", -32700), ("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"nope\"}", -32002), ("[]", -32600),
    ])
    func garbage(line: String, code: Int) async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            try client.send(line)
            #expect(try client.receive().contains(#""code":\#(code)"#))
            #expect(try client.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
        }
    }

    @Test("a binary frame's bytes that are not UTF-8 are a parse error and the session goes on; a text frame's fail the connection with 1007")
    func notUTF8() async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            try client.send(opcode: 0x2, payload: [0x7B, 0xFF, 0xFE, 0x7D])
            #expect(try client.receive().contains(#""code":-32700"#))
            try client.send(opcode: 0x2, payload: Array(Self.initialize.utf8))
            #expect(try client.receive().contains(#""protocolVersion":"1.1""#))
            try client.send(opcode: 0x1, payload: [0x7B, 0xFF, 0xFE, 0x7D])
            let close = try #require(try client.receiveFrame())
            #expect(close.closeCode == 1007)
            #expect(close.closeReason == "a text message must be UTF-8")
        }
    }

    @Test("a fragmented message is read whole; one over the line limit fails the connection with 1009")
    func sizes() async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            let halves = Array(Self.initialize.utf8)
            try client.send(opcode: 0x1, payload: Array(halves[..<20]), fin: false)
            try client.send(opcode: 0x0, payload: Array(halves[20...]))
            #expect(try client.receive().contains(#""result""#))
            try client.send(opcode: 0x1, payload: [UInt8](repeating: 0x20, count: EngineInfo.maxLineBytes + 1))
            let close = try #require(try client.receiveFrame())
            #expect(close.closeCode == 1009)
            #expect(close.closeReason == "a message is at most 1048576 bytes")
        }
    }

    @Test("ping is answered with pong; close with close")
    func control() async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            try client.send(opcode: 0x9, payload: Array("hi".utf8))
            #expect(try client.receiveFrame() == .init(opcode: 0xA, payload: Array("hi".utf8)))
            try client.sendClose()
            #expect(try client.receiveFrame()?.closeCode == 1000)
        }
    }

    @Test("past --max-sessions a connection is closed with 1013 and why; a slot frees when a client leaves")
    func maxSessions() async throws {
        try await withServer(maxSessions: 2) { server in
            let first = try WebSocketTestClient(port: server.address.port)
            let second = try WebSocketTestClient(port: server.address.port)
            _ = try first.call(Self.initialize, id: 1)
            _ = try second.call(Self.initialize, id: 1)
            let third = try WebSocketTestClient(port: server.address.port)
            let close = try #require(try third.receiveFrame())
            #expect(close.closeCode == 1013)
            #expect(close.closeReason == "the server already serves 2 sessions (--max-sessions); try again later")
            first.vanish()
            try waitUntil { server.sessionCount == 1 }
            let fourth = try WebSocketTestClient(port: server.address.port)
            #expect(try fourth.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
        }
    }

    @Test("a client cut off for leaving too much unread leaves nothing behind: the clients after it are served")
    func cutOffClient() async throws {
        // With room for nothing unsent, the lines of one request overflow: the sender takes
        // the first, and the next ones, written right after, wait.
        try await withServer(maxUnsentBytes: 1) { server in
            for _ in 0..<3 {
                let greedy = try WebSocketTestClient(port: server.address.port)
                try greedy.send(Self.initialize)
                for id in 2..<50 { try greedy.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"app.start","params":{"app":"todo"}}"#) }
                var frame = try greedy.receiveFrame()
                while let text = frame, text.opcode != 0x8 { frame = try greedy.receiveFrame() }
                #expect(frame?.closeCode == 1008)
                try greedy.sendClose()
                #expect(try greedy.receiveFrame() == nil, "the server closes the connection once the client answered")
                // The next connections are likely given the closed one's descriptor number; one
                // that was never woken, or whose bytes its predecessor read, would time out.
                for _ in 0..<3 {
                    let next = try WebSocketTestClient(port: server.address.port)
                    try next.send(Self.initialize)
                    let answer = try #require(try next.receiveFrame())
                    // With room for nothing unsent, even one answer may wait and overflow.
                    #expect(answer.text.contains(#""result""#) || answer.closeCode == 1008, "\(answer)")
                }
            }
        }
    }

    @Test("the server's connections send each frame at once (TCP_NODELAY): no answer waits for the client's acknowledgement of the last")
    func noDelay() async throws {
        try await withServer { server in
            let client = try WebSocketTestClient(port: server.address.port)
            _ = try client.call(Self.initialize, id: 1)
            // The server's end of the connection, in this process: bound to the server's port,
            // and not the listening socket.
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
            let accepted = descriptors.filter { Self.localPort(of: $0) == server.address.port && !Self.isListening($0) }
            try #require(!accepted.isEmpty, "no accepted connection found")
            for descriptor in accepted {
                var noDelay: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                #expect(getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, &length) == 0 && noDelay == 1)
            }
        }
    }

    private static func localPort(of descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        guard named == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func isListening(_ descriptor: Int32) -> Bool {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening == 1
    }

    @Test("a client killed mid-session loses no save, and the others go on")
    func killedClient() async throws {
        try await withServer { server in
            let killed = try WebSocketTestClient(port: server.address.port)
            let other = try WebSocketTestClient(port: server.address.port)
            try startTodo(killed)
            try startTodo(other)
            _ = try add("Kept", with: killed, firstID: 3)
            killed.vanish()
            try waitUntil { server.sessionCount == 1 }
            let list = try other.call(#"{"jsonrpc":"2.0","id":3,"method":"app.start","params":{"app":"todo"}}"#, id: 3)
            #expect(list.contains { $0.contains(#""title":"Kept""#) })
        }
    }

    @Test("with a token, an upgrade without it is refused with 401 before any session exists")
    func token() async throws {
        let token = "0123456789abcdef0123"
        try await withServer(token: token) { server in
            let port = server.address.port
            #expect {
                try WebSocketTestClient(port: port)
            } throws: { ($0 as? WebSocketTestClient.Refused)?.status == 401 }
            #expect {
                try WebSocketTestClient(port: port, headers: ["Authorization": "Bearer wrong-token-of-some-length"])
            } throws: { ($0 as? WebSocketTestClient.Refused)?.body.contains("--token-file") == true }
            #expect(server.sessionCount == 0)
            let byHeader = try WebSocketTestClient(port: port, headers: ["Authorization": "Bearer \(token)"])
            #expect(try byHeader.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
            let byQuery = try WebSocketTestClient(port: port, path: "/session?token=\(token)")
            #expect(try byQuery.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
        }
    }

    @Test("browsers: the page's own origin is let in, another site's is refused with 403, unless allowed")
    func origins() async throws {
        try await withServer(allowedOrigins: ["http://localhost:5173"]) { server in
            let port = server.address.port
            _ = try WebSocketTestClient(port: port, headers: ["Origin": "http://127.0.0.1:\(port)"])
            _ = try WebSocketTestClient(port: port, headers: ["Origin": "http://localhost:5173"])
            #expect {
                try WebSocketTestClient(port: port, headers: ["Origin": "https://evil.example"])
            } throws: { error in
                guard let refused = error as? WebSocketTestClient.Refused else { return false }
                return refused.status == 403 && refused.body.contains("pages from https://evil.example may not open sessions here")
            }
        }
    }

    @Test("without a token, a Host that is not loopback is refused: a rebound DNS name is not the page's origin")
    func rebinding() async throws {
        try await withServer { server in
            let port = server.address.port
            #expect {
                try WebSocketTestClient(port: port, headers: ["Origin": "http://evil.example:\(port)"], host: "evil.example:PORT")
            } throws: { ($0 as? WebSocketTestClient.Refused)?.status == 403 }
            _ = try WebSocketTestClient(port: port, headers: ["Origin": "http://localhost:\(port)"], host: "localhost:PORT")
        }
    }

    @Test("the page, its files, and clear answers elsewhere")
    func page() async throws {
        try await withServer { server in
            let port = server.address.port
            let page = try WebSocketTestClient.get(port: port, path: "/")
            #expect(page.status == 200)
            #expect(page.head.lowercased().contains("content-type: text/html; charset=utf-8"))
            #expect(String(decoding: page.body, as: UTF8.self).contains(#"<script type="module" src="viper.mjs">"#))
            #expect(try WebSocketTestClient.get(port: port, path: "/viper.mjs").head.lowercased().contains("content-type: text/javascript"))
            #expect(try WebSocketTestClient.get(port: port, path: "/viper.css").status == 200)
            let missing = try WebSocketTestClient.get(port: port, path: "/nothing")
            #expect(missing.status == 404)
            #expect(String(decoding: missing.body, as: UTF8.self) == "nothing at /nothing: the page is at /, sessions at /session\n")
            #expect(try WebSocketTestClient.get(port: port, path: "/session").status == 426)
        }
    }

    @Test("a server that viper dev runs says how its last build went at /dev-status, to whom sessions are for; any other has no such thing")
    func devStatus() async throws {
        try await withServer { server in
            let asked = try WebSocketTestClient.get(port: server.address.port, path: "/dev-status")
            #expect(asked.status == 404)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dev-status-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await withServer(token: "0123456789abcdef0123", devStatusFile: file) { server in
            let port = server.address.port
            let asked = try WebSocketTestClient.get(port: port, path: "/dev-status?token=0123456789abcdef0123")
            #expect(asked.status == 200)
            #expect(asked.head.lowercased().contains("content-type: application/json"))
            #expect(String(decoding: asked.body, as: UTF8.self) == #"{"state":"ok"}"#, "no build said anything yet")
            try #"{"state":"failed","text":"Presenter.swift:29:25: error: no member 'txt'"}"#.write(toFile: file, atomically: true, encoding: .utf8)
            let failed = try WebSocketTestClient.get(port: port, path: "/dev-status?token=0123456789abcdef0123")
            #expect(String(decoding: failed.body, as: UTF8.self).contains("no member 'txt'"))
            #expect(try WebSocketTestClient.get(port: port, path: "/dev-status").status == 401, "the compiler's errors are for whom sessions are")
        }
    }

    @Test("every module the page loads, its script's imports and theirs, is served as JavaScript, never cached stale")
    func pageModules() async throws {
        try await withServer { server in
            let port = server.address.port
            let page = String(decoding: try WebSocketTestClient.get(port: port, path: "/").body, as: UTF8.self)
            var waiting = page.matches(of: /<script type="module" src="([^"]+)">/).map { "/" + String($0.output.1) }
            var served: Set<String> = []
            while let path = waiting.popLast() {
                guard served.insert(path).inserted else { continue }
                let module = try WebSocketTestClient.get(port: port, path: path)
                #expect(module.status == 200, "\(path)")
                let head = module.head.lowercased()
                // A browser refuses to run a module served as anything but JavaScript.
                #expect(head.contains("content-type: text/javascript; charset=utf-8"), "\(path): \(module.head)")
                #expect(head.contains("cache-control: no-cache"), "\(path): \(module.head)")
                let source = String(decoding: module.body, as: UTF8.self)
                waiting += source.matches(of: /from '\.\/([^']+)'/).map { "/" + String($0.output.1) }
            }
            #expect(served.count >= 5, "the modules served: \(served.sorted())")
            #expect(served.isSuperset(of: ["/viper.mjs", "/connection.mjs", "/stack.mjs", "/plan.mjs", "/draw.mjs"]), "\(served.sorted())")
        }
    }

    /// Polls `condition` for up to ten seconds.
    private func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<1000 where !condition() { usleep(10_000) }
        try #require(condition())
    }
}
