import Foundation
import Testing
import WebSocketTestClient

@testable import ViperCommandLine

#if canImport(Glibc)
import Glibc
#endif

/// `viper serve --listen` as a user runs it: the built binary, every hosted app, WebSocket
/// clients on 127.0.0.1, and the workspaces that keep data apart.
@Suite("viper serve --listen")
struct ListenStoriesTests {
    private func listen(_ arguments: [String]) throws -> (ServeProcess, UInt16) {
        try ServeProcess.listening(arguments)
    }

    private func initialize(_ workspace: String? = nil) -> String {
        let scope = workspace.map { #","workspace":"\#($0)""# } ?? ""
        return #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z"\#(scope)}}"#
    }

    /// Adds a ToDo called `title` through `client`, whose session has just started ToDo.
    private func add(_ title: String, with client: WebSocketTestClient) throws {
        _ = try client.call(#"{"jsonrpc":"2.0","id":3,"method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#, id: 3)
        _ = try client.call(#"{"jsonrpc":"2.0","id":4,"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"\#(title)"}}}"#, id: 4)
        _ = try client.call(#"{"jsonrpc":"2.0","id":5,"method":"view.event","params":{"scene":"todo.add#1","event":"dueDateChanged","data":{"dueDate":"2026-11-20"}}}"#, id: 5)
        let saved = try client.call(#"{"jsonrpc":"2.0","id":6,"method":"view.event","params":{"scene":"todo.add#1","event":"saveTapped"}}"#, id: 6)
        #expect(saved.last == #"{"id":6,"jsonrpc":"2.0","result":{}}"#)
    }

    private func startTodo(_ client: WebSocketTestClient, workspace: String? = nil) throws -> [String] {
        _ = try client.call(initialize(workspace), id: 1)
        return try client.call(#"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#, id: 2)
    }

    @Test("what one person saves over WebSocket survives the server's restart; every app starts")
    func addStorySurvivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/viper.sqlite"
        try await onOwnThread {
            let (server, port) = try listen(["--db", database])
            let client = try WebSocketTestClient(port: port)
            _ = try startTodo(client)
            try add("Buy milk", with: client)
            for (id, app) in ["accounts", "news", "weather", "flights", "chat"].enumerated() {
                let started = try client.call(#"{"jsonrpc":"2.0","id":\#(10 + id),"method":"app.start","params":{"app":"\#(app)"}}"#, id: 10 + id)
                #expect(started.last?.contains(#""result":{"scene":"\#(app)."#) == true, "\(app): \(started)")
            }
            server.kill(SIGTERM)
            #expect(try server.waitForExit().status == 0)

            let (again, againPort) = try listen(["--db", database])
            let list = try startTodo(try WebSocketTestClient(port: againPort))
            #expect(list.contains { $0.contains(#""title":"Buy milk""#) })
            again.kill(SIGTERM)
            _ = try again.waitForExit()
        }
    }

    @Test("workspaces: sessions of one share their data, sessions of another see none of it, on the disk too")
    func workspaces() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await onOwnThread {
            let (server, port) = try listen(["--db", directory.path + "/viper.sqlite"])
            let ada = try WebSocketTestClient(port: port)
            _ = try startTodo(ada, workspace: "ada")
            try add("Ada's", with: ada)
            let adaAgain = try startTodo(try WebSocketTestClient(port: port), workspace: "ada")
            #expect(adaAgain.contains { $0.contains(#""title":"Ada's""#) })
            let grace = try startTodo(try WebSocketTestClient(port: port), workspace: "grace")
            #expect(grace.contains { $0.contains(#""isEmpty":true"#) })
            let standard = try startTodo(try WebSocketTestClient(port: port))
            #expect(standard.contains { $0.contains(#""isEmpty":true"#) })
            #expect(FileManager.default.fileExists(atPath: directory.path + "/viper.ada.sqlite"))
            #expect(FileManager.default.fileExists(atPath: directory.path + "/viper.grace.sqlite"))
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("a workspace name that is not safe as a file name is refused, and the session stays uninitialized")
    func badWorkspace() async throws {
        try await onOwnThread {
            let engine = try ServeProcess()
            let refused = try engine.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"workspace":"../etc"}}"#)
            #expect(refused.last?.contains(#""code":-32602"#) == true)
            #expect(refused.last?.contains("params.workspace") == true)
            #expect(refused.last?.contains("1 to 64 lowercase letters, digits, '-' or '_', starting with a letter or digit, not '../etc'") == true)
            #expect(try engine.call(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"workspace":"team-1"}}"#).last?.contains(#""result""#) == true)
            _ = try engine.finish()
        }
    }

    @Test("another machine's address is refused without a token file; with one, the token is asked for")
    func nonLoopback() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await onOwnThread {
            let refused = try ServeProcess(serving: ["--listen", "0.0.0.0:0", "--db", ":memory:"]).waitForExit()
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("--listen 0.0.0.0:0 lets other machines in"))
            #expect(refused.standardError.contains("--token-file PATH"))

            let short = directory.path + "/short"
            try "secret\n".write(toFile: short, atomically: true, encoding: .utf8)
            let weak = try ServeProcess(serving: ["--listen", "0", "--token-file", short, "--db", ":memory:"]).waitForExit()
            #expect(weak.standardError.contains("is 6 characters long; use at least 16"))

            let tokenFile = directory.path + "/token"
            try "0123456789abcdef\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
            let (server, port) = try listen(["--token-file", tokenFile, "--db", ":memory:"])
            // Where the token is, never the token: stderr ends up in logs.
            #expect(server.standardError.contains("?token=TOKEN (TOKEN: the first line of \(tokenFile))"))
            #expect(!server.standardError.contains("0123456789abcdef"))
            #expect {
                try WebSocketTestClient(port: port)
            } throws: { ($0 as? WebSocketTestClient.Refused)?.status == 401 }
            let client = try WebSocketTestClient(port: port, headers: ["Authorization": "Bearer 0123456789abcdef"])
            #expect(try client.call(initialize(), id: 1).last?.contains(#""result""#) == true)
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("many clients at once, some misbehaving, while one person's story goes on")
    func manyClients() async throws {
        try await onOwnThread {
            let (server, port) = try listen(["--db", ":memory:", "--max-sessions", "60"])
            let story = try WebSocketTestClient(port: port)
            _ = try startTodo(story)
            var others: [WebSocketTestClient] = []
            for index in 0..<50 {
                let other = try WebSocketTestClient(port: port)
                switch index % 3 {
                case 0: try other.send("garbage")
                case 1: try other.send(opcode: 0x1, payload: [0xC3, 0x28])
                default: other.vanish()
                }
                others.append(other)
            }
            try add("Despite the noise", with: story)
            for (index, other) in others.enumerated() where index % 3 != 2 {
                if index % 3 == 0 {
                    #expect(try other.receive().contains(#""code":-32700"#))
                } else {
                    // A text frame that is not UTF-8 fails its connection (RFC 6455 §8.1).
                    #expect(try other.receiveFrame()?.closeCode == 1007)
                }
            }
            server.kill(SIGTERM)
            #expect(try server.waitForExit().status == 0)
        }
    }

    /// Run alone, by `bin/test` after the suite (`VIPER_SCALE_TESTS=1 swift test --filter
    /// tenThousandSessions`): it loads both cores for half a minute, which would push tests
    /// running beside it past their deadlines.
    @Test(
        "10,000 sessions open at once are all served, one more is told the server is full, and a save among them survives",
        .enabled(if: ProcessInfo.processInfo.environment["VIPER_SCALE_TESTS"] != nil, "bin/test runs it alone, with VIPER_SCALE_TESTS=1"))
    func tenThousandSessions() async throws {
        // A descriptor per client in this process too; viper raises its own limit the same way.
        let files = OpenFileLimit.raiseToHardLimit()
        try #require(files >= OpenFileLimit.needed(forSessions: 10_000), "this machine lets a process open only \(files) files (ulimit -Hn)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/viper.sqlite"
        try await onOwnThread {
            // Opening 10,000 connections one after the other takes longer than the 10 s a
            // connection is given to send initialize (--initialize-timeout) on a loaded machine.
            let (server, port) = try listen(["--db", database, "--max-sessions", "10000", "--initialize-timeout", "5m"])
            var clients: [WebSocketTestClient] = []
            for _ in 0..<10_000 { clients.append(try WebSocketTestClient(port: port)) }
            // Every session asks at once, then every answer is read. The answers come in any
            // order, over as long as a loaded machine takes for all of them: the guard against
            // a server that never answers is generous.
            for client in clients { try client.send(initialize()) }
            var unanswered: [Int] = []
            for (index, client) in clients.enumerated() {
                let answer = try? client.receive(timeout: unanswered.isEmpty ? 120 : 1)
                if answer?.contains(#""protocolVersion":"1.1""#) != true { unanswered.append(index) }
            }
            #expect(unanswered.isEmpty, "\(unanswered.count) sessions were not answered, such as \(unanswered.prefix(10))")

            // A session takes its slot once upgraded, so one more is refused only when all
            // 10,000 have answered.
            let extra = try WebSocketTestClient(port: port)
            let refusal = try #require(try extra.receiveFrame())
            #expect(refusal.opcode == 0x8 && Array(refusal.payload.prefix(2)) == [0x03, 0xF5], "close 1013")
            #expect(String(decoding: refusal.payload.dropFirst(2), as: UTF8.self).contains("already serves 10000 sessions"))
            _ = try clients[4321].call(#"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#, id: 2)
            try add("Among ten thousand", with: clients[4321])
            server.kill(SIGTERM)
            #expect(try server.waitForExit().status == 0)
            clients.removeAll()

            let (again, againPort) = try listen(["--db", database])
            let list = try startTodo(try WebSocketTestClient(port: againPort))
            #expect(list.contains { $0.contains(#""title":"Among ten thousand""#) })
            again.kill(SIGTERM)
            _ = try again.waitForExit()
        }
    }

    @Test("a frame declaring 100 MiB fails its connection with 1009 before its bytes are read, and another session goes on")
    func hundredMebibyteFrame() async throws {
        try await onOwnThread {
            let (server, port) = try listen(["--db", ":memory:"])
            let other = try WebSocketTestClient(port: port)
            _ = try startTodo(other)
            let sender = try WebSocketTestClient(port: port)
            try sender.sendFrameHead(declaring: 100 << 20, thenBytes: 1000)
            let refused = try #require(try sender.receiveFrame())
            #expect(refused.closeCode == 1009, "\(refused)")
            try add("After the flood", with: other)
            server.kill(SIGTERM)
            #expect(try server.waitForExit().status == 0)
        }
    }
}
