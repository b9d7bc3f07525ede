import Foundation
import PostgresTestServer
import Testing
import WebSocketTestClient

#if canImport(Glibc)
import Glibc
#endif

/// `viper serve --database` when PostgreSQL goes away and comes back, when clients make
/// workspaces, and where its password comes from: against the built binary and real servers of
/// the tests' own (Tests/Support/PostgresTestServer).
@Suite("viper serve --database: outages, workspaces and passwords", .serialized)
struct PostgresOutageTests {
    private static let initialize = Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)

    private func key(in lines: [String]) throws -> String {
        String(try #require(lines.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1))
    }

    @Test("While the database is out of reach a journaled session's answers wait, never lost: once it is back they come, and a resume on another process shows what was typed meanwhile")
    func journalsWaitOutAnOutage() async throws {
        try await onOwnThread {
            let database = try PostgresTestServer()
            let url = try database.makeDatabase()
            let (first, port) = try ServeProcess.listening(["--database", url])
            let client = try WebSocketTestClient(port: port)
            let key = try key(in: try client.call(Self.initialize, id: 1))
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            try database.kill()
            try client.send(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Typed in the outage"}"#))
            var seen: [String] = []
            while let frame = try? client.receiveFrame(timeout: 2) { seen.append(frame.text) }
            #expect(!seen.contains(Wire.result(4, "{}")), "answered while its journal could not be written: \(seen)")
            try database.start()
            var answered = false
            let deadline = Date().addingTimeInterval(20)
            while !answered, Date() < deadline, let line = try? client.receive(timeout: 20) { answered = line == Wire.result(4, "{}") }
            #expect(answered, "no answer once the database was back")
            first.kill(SIGKILL)
            _ = try first.waitForExit()

            let (second, secondPort) = try ServeProcess.listening(["--database", url])
            let again = try WebSocketTestClient(port: secondPort)
            let resumed = try again.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z","resume":"\#(key)"}}"#, id: 1)
            #expect(resumed.contains { $0.contains("Typed in the outage") }, "\(resumed)")
            second.kill(SIGTERM)
            _ = try second.waitForExit()
        }
    }

    @Test("After a 16 s outage of the database, a list open on another process hears a save within seconds of the database's return")
    func liveUpdatesAfterAnOutage() async throws {
        try await onOwnThread {
            let database = try PostgresTestServer()
            let url = try database.makeDatabase()
            let (first, firstPort) = try ServeProcess.listening(["--database", url])
            let (second, secondPort) = try ServeProcess.listening(["--database", url])
            let saver = try WebSocketTestClient(port: firstPort)
            let watcher = try WebSocketTestClient(port: secondPort)
            for client in [saver, watcher] {
                _ = try client.call(Self.initialize, id: 1)
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            }
            try database.kill()
            Thread.sleep(forTimeInterval: 16)
            try database.start()
            // What the watcher's list says when its process connects again (anything may have
            // changed) is read, then the save.
            Thread.sleep(forTimeInterval: 3)
            while (try? watcher.receiveFrame(timeout: 0.5)) != nil {}
            _ = try saver.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            _ = try saver.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"After the outage"}"#), id: 4)
            _ = try saver.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#), id: 5)
            _ = try saver.call(Wire.event(6, "todo.add#1", "saveTapped"), id: 6)
            let pushed = try watcher.receive(timeout: 30)
            #expect(pushed.contains("After the outage"), "\(pushed)")
            for server in [first, second] {
                server.kill(SIGTERM)
                _ = try server.waitForExit()
            }
        }
    }

    @Test("Workspaces on PostgreSQL are bounded: past --max-workspaces a new one is refused at initialize, saying why; the ones that exist go on")
    func workspacesAreBounded() async throws {
        try await onOwnThread {
            let url = try PostgresTestServer.shared().makeDatabase()
            func initialize(_ workspace: String) throws -> [String] {
                let engine = try ServeProcess(serving: ["--database", url, "--max-workspaces", "4"])
                let answer = try engine.call(Wire.request(1, "initialize", #"{"workspace":"\#(workspace)"}"#))
                if answer.last?.contains(#""result""#) == true { _ = try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#)) }
                _ = try engine.finish()
                return answer
            }
            for name in ["one", "two", "three"] {
                #expect(try initialize(name).last?.contains(#""result""#) == true, "\(name)")
            }
            let refused = try initialize("four")
            #expect(refused.last?.contains(#""kind":"invalidParams","path":"params.workspace""#) == true, "\(refused)")
            #expect(refused.last?.contains("it keeps data for 4, its limit (--max-workspaces)") == true, "\(refused)")
            #expect(try initialize("two").last?.contains(#""result""#) == true)
            let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
            #expect(try PostgresTestServer.shared().psql(name, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'viper%'") == "4\n")
        }
    }

    @Test("The password comes from PGPASSWORD or a password file when the URL has none; one on the command line works and is warned about; a password file others may read is ignored, and said so")
    func passwordsOffTheCommandLine() async throws {
        try await onOwnThread {
            let server = try PostgresTestServer.shared()
            let withPassword = try server.makeDatabase()
            let bare = withPassword.replacingOccurrences(of: ":\(server.password)@", with: "@")
            #expect(bare != withPassword)
            func works(_ arguments: [String], _ environment: [String: String]) throws -> ServeProcess.Exit {
                var all = ProcessInfo.processInfo.environment
                for name in ["PGPASSWORD", "PGPASSFILE"] { all[name] = nil }
                all.merge(environment) { $1 }
                let engine = try ServeProcess(serving: arguments, environment: all)
                let answered = try engine.call(Self.initialize)
                #expect(answered.last?.contains(#""result""#) == true, "\(answered)")
                return try engine.finish()
            }
            let fromEnvironment = try works(["--database", bare], ["PGPASSWORD": server.password])
            #expect(!fromEnvironment.standardError.contains("warning"), "\(fromEnvironment.standardError)")

            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let passfile = directory.path + "/pgpass"
            try "# viper's tests\n*:*:nothere:*:wrong\n127.0.0.1:*:*:*:\(server.password.replacingOccurrences(of: ":", with: "\\:"))\n".write(
                toFile: passfile, atomically: true, encoding: .utf8)
            chmod(passfile, 0o600)
            let fromFile = try works(["--database", bare], ["PGPASSFILE": passfile])
            #expect(!fromFile.standardError.contains("warning"), "\(fromFile.standardError)")

            let onTheCommandLine = try works(["--database", withPassword], [:])
            #expect(onTheCommandLine.standardError.contains("warning: the password in --database is visible to every user of this machine"))
            #expect(!onTheCommandLine.standardError.contains(server.password))

            chmod(passfile, 0o644)
            var environment = ProcessInfo.processInfo.environment
            environment["PGPASSFILE"] = passfile
            environment["PGPASSWORD"] = nil
            let refused = try ServeProcess(serving: ["--database", bare], environment: environment).finish()
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("the password file \(passfile) may be read by others, and is ignored"), "\(refused.standardError)")
        }
    }
}
