import Foundation
import Testing
import WebSocketTestClient

/// `viper serve --listen` with journals, as a user runs it: the built binary killed (SIGKILL)
/// and started again on its port and database file, and a client that resumes its session
/// there; and the options that turn journals on and off.
@Suite("viper serve --listen, resumed")
struct ResumeServeTests {
    private static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z"}}"#

    @Test("A ToDo being typed when the server is killed is there, in its Add screen, once the server is back and the client resumes; saving it keeps it once")
    func theAddScreenComesBackAfterAKill() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let arguments = ["--db", directory.path + "/viper.sqlite", "--journal"]
            var (server, port) = try ServeProcess.listening(arguments)
            let client = try WebSocketTestClient(port: port)
            let key = try #require(try client.call(Self.initialize, id: 1).last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            _ = try client.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Call the plumber"}"#), id: 4)
            server.kill(SIGKILL)
            _ = try server.waitForExit()

            server = try ServeProcess.listening(on: port, arguments)
            let again = try WebSocketTestClient(port: port)
            let resumed = try again.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z","resume":"\#(key)"}}"#, id: 1)
            #expect(resumed.count == 5, "\(resumed)")
            #expect(resumed.first == Wire.navigate("root", "todo.list#1"))
            #expect(resumed[2] == Wire.navigate("present", "todo.add#1", from: "todo.list#1"))
            #expect(resumed[3] == Wire.render("todo.add#1", Wire.addForm(title: "Call the plumber", dueDate: nil, saveEnabled: false)))
            #expect(resumed.last?.contains(#""resume":{"replayed":3},"resumeKey":""#) == true, "\(resumed)")
            #expect(resumed.last?.contains(key) == false, "a key resumes once: the answer carries the next")
            _ = try again.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#), id: 5)
            let saved = try again.call(Wire.event(6, "todo.add#1", "saveTapped"), id: 6)
            let list = try ListViewModel(lastRenderIn: saved)
            #expect(list.rows.map(\.title) == ["Call the plumber"])
            try again.sendClose()
            _ = server
        }
    }

    @Test("Without --journal a SQLite server keeps no journals: no resumeKey, and a resume is refused as unavailable")
    func noJournalWithoutTheOption() async throws {
        try await onOwnThread {
            let (server, port) = try ServeProcess.listening(["--db", ":memory:"])
            let client = try WebSocketTestClient(port: port)
            let answer = try client.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"resume":"0123456789abcdef0123456789abcdef"}}"#, id: 1)
            #expect(answer.last?.contains("resumeKey") == false, "\(answer)")
            #expect(answer.last?.contains(#""reason":"unavailable""#) == true, "\(answer)")
            _ = server
        }
    }

    @Test("--journal without --listen, and a duration --journal-expiry cannot read, are explained")
    func mistakesAreExplained() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let stdio = try CommandRun.viper(["serve", "--db", ":memory:", "--journal"], in: directory.path)
            #expect(stdio.status != 0)
            #expect(stdio.errors.contains("--journal goes with --listen"), "\(stdio.errors)")
            let expiry = try CommandRun.viper(["serve", "--listen", "0", "--db", ":memory:", "--journal-expiry", "soon"], in: directory.path)
            #expect(expiry.status != 0)
            #expect(expiry.errors.contains("--journal-expiry"), "\(expiry.errors)")
            // Beyond a year a bound no longer bounds, and the instants it is added to overflow.
            let forever = try CommandRun.viper(["serve", "--listen", "0", "--db", ":memory:", "--journal-expiry", "106751991167d"], in: directory.path)
            #expect(forever.status != 0)
            #expect(forever.errors.contains("--journal-expiry"), "\(forever.errors)")
            let tooFew = try CommandRun.viper(["serve", "--listen", "0", "--db", ":memory:", "--journal-max-bytes", "10"], in: directory.path)
            #expect(tooFew.status != 0)
            #expect(tooFew.errors.contains("--journal-max-bytes must be at least 1024"), "\(tooFew.errors)")
        }
    }

    @Test("SIGKILL with a save in flight in each of 30 sessions: a session whose save committed comes back on its list, once; one whose save did not, on its form, and saving then keeps it once")
    func savesInFlightAcrossAKill() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let arguments = ["--db", directory.path + "/viper.sqlite", "--journal"]
            var (server, port) = try ServeProcess.listening(arguments)
            let sessions = 30
            var keys: [String] = []
            var clients: [WebSocketTestClient] = []
            for session in 1...sessions {
                let client = try WebSocketTestClient(port: port)
                keys.append(String(try #require(try client.call(Self.initialize, id: 1).last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)))
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
                _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
                _ = try client.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Save \#(session)"}"#), id: 4)
                _ = try client.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#), id: 5)
                clients.append(client)
            }
            // Every Save at once; the process dies as the first answer comes, the rest in flight.
            for client in clients { try client.send(Wire.event(6, "todo.add#1", "saveTapped")) }
            _ = try clients[sessions - 1].receive(timeout: 20)
            server.kill(SIGKILL)
            _ = try server.waitForExit()
            // The saves whose answer came before the end.
            var acknowledged: Set<String> = []
            for (index, client) in clients.enumerated() {
                while let frame = try? client.receiveFrame(timeout: 5), frame.opcode != 0x8 {
                    if frame.text.hasPrefix(#"{"id":6,"jsonrpc":"2.0","result""#) { acknowledged.insert("Save \(index + 1)") }
                }
            }

            server = try ServeProcess.listening(on: port, arguments)
            func stored() throws -> [String] {
                let fresh = try WebSocketTestClient(port: port)
                _ = try fresh.call(Self.initialize, id: 1)
                return try ListViewModel(lastRenderIn: try fresh.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)).rows.map(\.title)
            }
            let committed = Set(try stored())
            #expect(acknowledged.isSubset(of: committed), "acknowledged and lost: \(acknowledged.subtracting(committed).sorted())")
            #expect(!committed.subtracting(acknowledged).isEmpty, "no save committed without its answer: the kill missed the moment this test is about")
            for (index, key) in keys.enumerated() {
                let title = "Save \(index + 1)"
                let again = try WebSocketTestClient(port: port)
                let resumed = try again.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z","resume":"\#(key)"}}"#, id: 1)
                #expect(resumed.last?.contains(#""resume":{"replayed":"#) == true, "\(title): \(resumed.last ?? "")")
                let showsForm = resumed.contains { $0.contains(#""scene":"todo.add#1""#) && $0.contains("view.navigate") }
                if committed.contains(title) {
                    #expect(!showsForm, "\(title) committed, yet its session shows the form again, ready to save it twice")
                    let list = try ListViewModel(lastRenderIn: resumed.filter { $0.contains(#""scene":"todo.list#1""#) })
                    #expect(list.rows.map(\.title).contains(title), "\(title) committed, yet its resumed list lacks it")
                } else {
                    #expect(showsForm, "\(title) did not commit, and its form is gone: \(resumed)")
                    _ = try again.call(Wire.event(7, "todo.add#1", "saveTapped"), id: 7)
                }
                try again.sendClose()
            }
            let after = try stored()
            #expect(Set(after) == Set((1...sessions).map { "Save \($0)" }), "\(after.sorted())")
            #expect(after.count == sessions, "saved twice: \(after.sorted())")
            _ = server
        }
    }
}
