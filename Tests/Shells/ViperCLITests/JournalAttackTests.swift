import Foundation
import GRDB
import Testing
import WebSocketTestClient

#if canImport(Glibc)
import Glibc
#endif

/// Session journals probed as an attacker would, against the built `viper serve --listen`
/// keeping them in a SQLite file: what they keep of a user's secrets, how far one client can
/// grow them, and who can take a session over. Each attack is bounded in count and time, with a
/// witness session that must be answered promptly.
@Suite("viper serve --listen's journals under attack", .serialized)
struct JournalAttackTests {
    private static let initialize = Wire.initialize(1, now: "2026-11-23T09:00:00Z")
    private static let password = "correct horse battery staple"

    private func key(in lines: [String]) throws -> String {
        String(try #require(lines.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1))
    }

    private func resume(_ key: String, port: UInt16) throws -> (WebSocketTestClient, [String]) {
        let client = try WebSocketTestClient(port: port)
        return (client, try client.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-23T09:00:00Z","resume":"\#(key)"}}"#, id: 1))
    }

    private func reason(_ lines: [String]) -> String? {
        lines.last?.firstMatch(of: /"kind":"cannotResume","reason":"(\w+)"/).map { String($0.1) }
    }

    /// Every row of `table` in the database at `path`, as bytes.
    private func bytes(ofTable table: String, in path: String) throws -> [UInt8] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            var bytes: [UInt8] = []
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table)") {
                for value in row.databaseValues {
                    switch value.storage {
                    case .string(let text): bytes += Array(text.utf8)
                    case .blob(let data): bytes += Array(data)
                    default: break
                    }
                }
            }
            return bytes
        }
    }

    private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        bytes.firstRange(of: Array(text.utf8)) != nil
    }

    @Test("After an Accounts sign-up, log-out and log-in, no byte of the database holds the password, and the journals hold neither the token, nor the password's hash, nor the user's name; the files are the user's alone")
    func journalsKeepNoSecret() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let folder = directory.path + "/data"
            let file = folder + "/viper.sqlite"
            let (server, port) = try ServeProcess.listening(["--db", file, "--journal"])
            let client = try WebSocketTestClient(port: port)
            _ = try key(in: try client.call(Self.initialize, id: 1))
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"accounts"}"#), id: 2)
            _ = try client.call(Wire.event(3, "accounts.prompt#1", "signUpTapped"), id: 3)
            _ = try client.call(Wire.event(4, "accounts.signup#1", "usernameChanged", #"{"username":"ada.lovelace"}"#), id: 4)
            _ = try client.call(Wire.event(5, "accounts.signup#1", "displayNameChanged", #"{"displayName":"Ada Lovelace"}"#), id: 5)
            _ = try client.call(Wire.event(6, "accounts.signup#1", "passwordChanged", #"{"password":"\#(Self.password)"}"#), id: 6)
            let signedUp = try client.call(Wire.event(7, "accounts.signup#1", "signUpTapped"), id: 7)
            #expect(signedUp.contains { $0.contains(#""kind":"accounts.home""#) }, "\(signedUp)")
            _ = try client.call(Wire.event(8, "accounts.home#1", "logOutTapped"), id: 8)
            _ = try client.call(Wire.event(9, "accounts.prompt#2", "logInTapped"), id: 9)
            _ = try client.call(Wire.event(10, "accounts.login#1", "usernameChanged", #"{"username":"ada.lovelace"}"#), id: 10)
            _ = try client.call(Wire.event(11, "accounts.login#1", "passwordChanged", #"{"password":"\#(Self.password)"}"#), id: 11)
            let loggedIn = try client.call(Wire.event(12, "accounts.login#1", "logInTapped"), id: 12)
            #expect(loggedIn.contains { $0.contains(#""kind":"accounts.home""#) }, "\(loggedIn)")
            server.kill(SIGTERM)
            _ = try server.waitForExit()

            let token: String = try #require(try DatabaseQueue(path: file).read { try String.fetchOne($0, sql: "SELECT token FROM accounts_signed_in") })
            let hash: String = try #require(try DatabaseQueue(path: file).read { try String.fetchOne($0, sql: "SELECT password_hash FROM sample_users") })
            let everything = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(!contains(everything, Self.password), "the password is in the database file")
            let journals = try ["viper_journals", "viper_journal_entries", "viper_journal_receipts"].flatMap { try bytes(ofTable: $0, in: file) }
            #expect(!journals.isEmpty, "nothing was journaled")
            for secret in [Self.password, token, hash, "ada.lovelace", "passwordChanged", "accounts.login"] {
                #expect(!contains(journals, secret), "the journals hold \(secret.prefix(12))…")
            }
            var status = stat()
            #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600, "the database file is \(String(status.st_mode & 0o777, radix: 8))")
            #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700, "its folder is \(String(status.st_mode & 0o777, radix: 8))")
        }
    }

    @Test("A client cannot grow its journal: 5,000 events to a scene that does not exist add nothing, and eight 1 MB events mark it too long; the session goes on, a resume says tooLong")
    func journalsStayBounded() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/viper.sqlite"
            let (server, port) = try ServeProcess.listening(["--db", file, "--journal"])
            let witness = try Witness(port: port)
            let attacker = try WebSocketTestClient(port: port)
            let attackerKey = try key(in: try attacker.call(Self.initialize, id: 1))
            _ = try attacker.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            for id in 3..<5003 { try attacker.send(Wire.event(id, "nowhere#1", "addTapped")) }
            while !(try attacker.receive()).hasPrefix(#"{"error":{"code":-32602,"data":{"kind":"unknownScene","scene":"nowhere#1"},"message":"Invalid params: no live scene is 'nowhere#1'. Live scenes: todo.list#1."},"id":5002,"#) {}
            try witness.isAnsweredPromptly("after 5,000 refused events")
            let entries = try DatabaseQueue(path: file).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM viper_journal_entries") ?? 0 }
            #expect(entries < 10, "\(entries) entries after 5,000 refused events")

            _ = try attacker.call(Wire.event(5003, "todo.list#1", "addTapped"), id: 5003)
            let megabyte = String(repeating: "x", count: 1_000_000)
            for id in 5004..<5012 {
                _ = try attacker.call(Wire.event(id, "todo.add#1", "titleChanged", #"{"title":"\#(megabyte)"}"#), id: id)
                try witness.isAnsweredPromptly("while the journal grows by a megabyte")
            }
            let bytes = try DatabaseQueue(path: file).read { try Int.fetchOne($0, sql: "SELECT coalesce(sum(length(entry)), 0) FROM viper_journal_entries") ?? 0 }
            #expect(bytes < 5 << 20, "the journals hold \(bytes) bytes")
            // The session goes on as before, and says it cannot be resumed.
            let typed = try attacker.call(Wire.event(5012, "todo.add#1", "titleChanged", #"{"title":"Short again"}"#), id: 5012)
            #expect(typed.last == Wire.result(5012, "{}"))
            attacker.vanish()
            let (_, refused) = try resume(attackerKey, port: port)
            #expect(reason(refused) == "tooLong", "\(refused.last ?? "")")
            try witness.isAnsweredPromptly("after the resume")
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("One connection per session: a resume closes the connection it was taken from with 4001 and the reason, its key then resumes nothing, and of eight resumes of one key at once one wins")
    func oneConnectionPerSession() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (server, port) = try ServeProcess.listening(["--db", directory.path + "/viper.sqlite", "--journal"])
            let first = try WebSocketTestClient(port: port)
            let firstKey = try key(in: try first.call(Self.initialize, id: 1))
            _ = try first.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            let (second, taken) = try resume(firstKey, port: port)
            let secondKey = try key(in: taken)
            #expect(reason(taken) == nil && secondKey != firstKey, "\(taken.last ?? "")")
            let closed = try first.receiveFrame(timeout: Witness.promptly)
            #expect(closed?.closeCode == 4001, "\(closed.map(\.text) ?? "nothing")")
            #expect(closed?.closeReason == "this session was resumed on another connection")
            #expect(reason(try resume(firstKey, port: port).1) == "unknown", "a key resumes once")

            // Eight at once: one gets the session.
            let racers = try (0..<8).map { _ in try WebSocketTestClient(port: port) }
            for racer in racers {
                try racer.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-23T09:00:00Z","resume":"\#(secondKey)"}}"#)
            }
            var reasons: [String?] = []
            for racer in racers {
                var line = try racer.receive()
                while !line.hasPrefix(#"{"id":1,"#) { line = try racer.receive() }
                reasons.append(reason([line]))
            }
            #expect(reasons.filter { $0 == nil }.count == 1, "\(reasons)")
            #expect(reasons.filter { $0 == "unknown" }.count == 7, "\(reasons)")
            _ = second
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("A live session idle past --journal-expiry is still resumed whole when its process dies")
    func idleLiveSessionsKeepTheirJournal() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let arguments = ["--db", directory.path + "/viper.sqlite", "--journal", "--journal-expiry", "4s"]
            var (server, port) = try ServeProcess.listening(arguments)
            let client = try WebSocketTestClient(port: port)
            let key = try key(in: try client.call(Self.initialize, id: 1))
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            _ = try client.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Still here"}"#), id: 4)
            Thread.sleep(forTimeInterval: 9)
            server.kill(SIGKILL)
            _ = try server.waitForExit()
            server = try ServeProcess.listening(on: port, arguments)
            let (_, resumed) = try resume(key, port: port)
            #expect(resumed.last?.contains(#""resume":{"replayed":3}"#) == true, "\(resumed.last ?? "")")
            #expect(resumed.contains { $0.contains(#""title":"Still here""#) })
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("A key made by a server with one token resumes nothing on the same database served with another")
    func keysAreBoundToTheToken() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (first, second) = (directory.path + "/first", directory.path + "/second")
            try "first token, long enough\n".write(toFile: first, atomically: true, encoding: .utf8)
            try "second token, long enough\n".write(toFile: second, atomically: true, encoding: .utf8)
            let database = ["--db", directory.path + "/viper.sqlite", "--journal"]
            var (server, port) = try ServeProcess.listening(database + ["--token-file", first])
            let client = try WebSocketTestClient(port: port, headers: ["Authorization": "Bearer first token, long enough"])
            let key = try key(in: try client.call(Self.initialize, id: 1))
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            server.kill(SIGKILL)
            _ = try server.waitForExit()
            server = try ServeProcess.listening(on: port, database + ["--token-file", second])
            let other = try WebSocketTestClient(port: port, headers: ["Authorization": "Bearer second token, long enough"])
            let refused = try other.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-23T09:00:00Z","resume":"\#(key)"}}"#, id: 1)
            #expect(reason(refused) == "unknown", "\(refused.last ?? "")")
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }

    @Test("Eight journals near their limit resumed at once, after their process died: each comes back, the witness is answered promptly, and the server's memory grows by less than 400 MB")
    func resumingLongJournalsIsBounded() async throws {
        try await onOwnThread {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let arguments = ["--db", directory.path + "/viper.sqlite", "--journal"]
            var (server, port) = try ServeProcess.listening(arguments)
            var keys: [String] = []
            let almostAMegabyte = String(repeating: "x", count: 900_000)
            for _ in 0..<8 {
                let client = try WebSocketTestClient(port: port)
                keys.append(try key(in: try client.call(Self.initialize, id: 1)))
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
                _ = try client.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
                for id in 4..<8 { _ = try client.call(Wire.event(id, "todo.add#1", "titleChanged", #"{"title":"\#(id)\#(almostAMegabyte)"}"#), id: id) }
                client.vanish()
            }
            server.kill(SIGKILL)
            _ = try server.waitForExit()
            server = try ServeProcess.listening(on: port, arguments)
            let witness = try Witness(port: port)
            let before = try ProcessUsage(of: server.processIdentifier).residentBytes
            let resumers = try keys.map { key in
                let client = try WebSocketTestClient(port: port)
                try client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-23T09:00:00Z","resume":"\#(key)"}}"#)
                return client
            }
            try witness.isAnsweredPromptly("while eight long journals are resumed")
            for client in resumers {
                var line = try client.receive()
                while !line.hasPrefix(#"{"id":1,"#) { line = try client.receive() }
                #expect(line.contains(#""resume":{"replayed":6}"#), "\(line.prefix(300))")
            }
            let after = try ProcessUsage(of: server.processIdentifier).residentBytes
            #expect(after - before < 400 << 20, "resuming grew the server by \((after - before) >> 20) MB")
            try witness.isAnsweredPromptly("after the resumes")
            server.kill(SIGTERM)
            _ = try server.waitForExit()
        }
    }
}
