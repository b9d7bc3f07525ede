import Foundation
import PostgresTestServer
import Testing
import WebSocketTestClient

/// `viper serve --database`: the apps' data in PostgreSQL, against the built binary and a real
/// server (Tests/Support/PostgresTestServer).
@Suite("viper serve --database: PostgreSQL", .serialized)
struct PostgresServeTests {
    private static let initialize = Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)

    /// Adds a ToDo called `title`, due on the 20th, through `engine`, and returns the lines of the save.
    private func addToDo(_ title: String, through engine: ServeProcess, firstID: Int = 3) throws -> [String] {
        _ = try engine.call(Wire.event(firstID, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(firstID + 1, "todo.add#1", "titleChanged", #"{"title":"\#(title)"}"#))
        _ = try engine.call(Wire.event(firstID + 2, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#))
        return try engine.call(Wire.event(firstID + 3, "todo.add#1", "saveTapped"))
    }

    @Test("A ToDo saved by one process is listed by the next on the same database, and the password is in nothing either wrote, not even at --log-level trace")
    func storyAcrossProcesses() async throws {
        try await onOwnThread {
            let server = try PostgresTestServer.shared()
            let url = try server.makeDatabase()
            let first = try ServeProcess(serving: ["--database", url, "--log-level", "trace"])
            _ = try first.call(Self.initialize)
            _ = try first.call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
            let saved = try addToDo("Water the plants", through: first)
            #expect(saved.last == #"{"id":6,"jsonrpc":"2.0","result":{}}"#, "\(saved)")
            let described = try first.call(Wire.request(7, "engine.describe"))
            let firstExit = try first.finish()
            #expect(firstExit.status == 0, "\(firstExit.standardError)")
            for text in described + [firstExit.standardError] {
                #expect(!text.contains(server.password), "the password reached the output: \(text.prefix(300))")
            }

            let second = try ServeProcess(serving: ["--database", url])
            _ = try second.call(Self.initialize)
            let list = try ListViewModel(lastRenderIn: try second.call(Wire.request(2, "app.start", #"{"app":"todo"}"#)))
            #expect(list.rows.map(\.title) == ["Water the plants"])
            _ = try second.finish()
        }
    }

    @Test("VIPER_DATABASE_URL gives the database when no option does; --db and --database together are refused")
    func environmentAndConflicts() async throws {
        try await onOwnThread {
            let url = try PostgresTestServer.shared().makeDatabase()
            var environment = ProcessInfo.processInfo.environment
            environment["VIPER_DATABASE_URL"] = url
            let engine = try ServeProcess(serving: [], environment: environment)
            _ = try engine.call(Self.initialize)
            _ = try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
            _ = try addToDo("From the environment", through: engine)
            _ = try engine.finish()
            let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
            #expect(try PostgresTestServer.shared().psql(name, "SELECT title FROM viper.todo") == "From the environment\n")

            let both = try ServeProcess(serving: ["--db", ":memory:", "--database", url]).finish()
            #expect(both.status == 1)
            #expect(both.standardError.contains("--db and --database name two databases; pass one"), "\(both.standardError)")
        }
    }

    @Test(
        "A database that cannot be used at start stops viper with a reason that names the server, never the password",
        arguments: [
            ("postgresql://viper:Hidden-Pa55word@127.0.0.1:1/app?sslmode=disable", "the database server at 127.0.0.1:1 cannot be reached"),
            ("WRONG PASSWORD", "password authentication failed for user \"viper\""),
            ("postgresql://viper:Hidden-Pa55word@127.0.0.1/app?sslmode=sometimes", "the database URL has sslmode=sometimes"),
        ])
    func unusableDatabase(url: String, reason: String) async throws {
        try await onOwnThread {
            let server = try PostgresTestServer.shared()
            let given = url == "WRONG PASSWORD" ? server.url(of: "postgres", password: "Hidden-Pa55word") : url
            let exit = try ServeProcess(serving: ["--database", given]).finish()
            #expect(exit.status == 1)
            #expect(exit.standardError.contains(reason), "\(exit.standardError)")
            #expect(!exit.standardError.contains("Hidden-Pa55word"), "\(exit.standardError)")
            #expect(exit.remainingLines.isEmpty)
        }
    }

    @Test("A database a newer viper migrated is refused at start, naming what this one does not know")
    func newerSchema() async throws {
        try await onOwnThread {
            let server = try PostgresTestServer.shared()
            let url = try server.makeDatabase()
            _ = try ServeProcess(serving: ["--database", url]).finish()
            let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
            try server.psql(name, "INSERT INTO viper.viper_migrations VALUES ('v99: from a newer viper')")
            let exit = try ServeProcess(serving: ["--database", url]).finish()
            #expect(exit.status == 1)
            #expect(exit.standardError.contains("was written by a newer version of viper"), "\(exit.standardError)")
            #expect(exit.standardError.contains("v99: from a newer viper"))
        }
    }

    @Test("The database lost in the middle of a session: the save fails as the app's own alert, the engine goes on, and saves again once the server is back")
    func databaseLostAndBack() async throws {
        try await onOwnThread {
            // A server of this test's own: stopping the shared one would fail the others.
            let server = try PostgresTestServer()
            let url = try server.makeDatabase()
            let engine = try ServeProcess(serving: ["--database", url])
            _ = try engine.call(Self.initialize)
            _ = try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
            _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
            _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Kept in the form"}"#))
            _ = try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#))
            try server.kill()
            let failed = try engine.call(Wire.event(6, "todo.add#1", "saveTapped"))
            #expect(failed.contains { $0.contains(#""kind":"alert""#) && $0.contains("\"Could Not Save\"") && $0.contains("cannot be reached") }, "\(failed)")
            #expect(failed.last == #"{"id":6,"jsonrpc":"2.0","result":{}}"#)
            #expect(!failed.joined().contains(server.password))
            try server.start()
            _ = try engine.call(Wire.event(7, "alert#1", "dismissTapped"))
            let saved = try engine.call(Wire.event(8, "todo.add#1", "saveTapped"))
            #expect(saved.contains { $0.contains(#""action":"dismiss""#) }, "\(saved)")
            #expect(saved.contains { $0.contains("Kept in the form") && $0.contains("todo.list#1") }, "\(saved)")
            let exit = try engine.finish()
            #expect(exit.status == 0, "\(exit.standardError)")
        }
    }

    @Test("Two processes on one database: a ToDo saved through one shows by itself in the list of a session on the other, a place added in its Weather list, once each")
    func liveAcrossProcesses() async throws {
        try await onOwnThread {
            let url = try PostgresTestServer.shared().makeDatabase()
            let (first, firstPort) = try ServeProcess.listening(["--database", url])
            let (second, secondPort) = try ServeProcess.listening(["--database", url])
            let saver = try WebSocketTestClient(port: firstPort)
            let watcher = try WebSocketTestClient(port: secondPort)
            for client in [saver, watcher] {
                _ = try client.call(Self.initialize, id: 1)
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            }
            _ = try saver.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            _ = try saver.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Saved on the first"}"#), id: 4)
            _ = try saver.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#), id: 5)
            let saved = try saver.call(Wire.event(6, "todo.add#1", "saveTapped"), id: 6)
            // The saver's own list shows the ToDo once, in the save's answer, and hears nothing more.
            #expect(saved.filter { $0.contains("Saved on the first") }.count == 1, "\(saved)")
            // The watcher sent nothing: the render comes by itself.
            let pushed = try watcher.receive()
            #expect(pushed.contains(#""scene":"todo.list#1""#) && pushed.contains("Saved on the first"), "\(pushed)")
            let idle = try watcher.call(Wire.request(7, "engine.idle"), id: 7)
            #expect(idle == [#"{"id":7,"jsonrpc":"2.0","result":{}}"#], "the watcher heard more: \(idle)")
            let quiet = try saver.call(Wire.request(7, "engine.idle"), id: 7)
            #expect(quiet == [#"{"id":7,"jsonrpc":"2.0","result":{}}"#], "the saver heard its own save again: \(quiet)")

            // Weather: the watcher's list of places, the saver adding one.
            _ = try watcher.call(Wire.request(8, "app.start", #"{"app":"weather"}"#), id: 8)
            _ = try saver.call(Wire.request(8, "app.start", #"{"app":"weather"}"#), id: 8)
            _ = try saver.call(Wire.event(9, "weather.list#1", "addTapped"), id: 9)
            _ = try saver.call(Wire.event(10, "weather.add#1", "queryChanged", #"{"query":"Lisbon"}"#), id: 10)
            _ = try saver.call(Wire.event(11, "weather.add#1", "resultTapped", #"{"resultId":"2267057"}"#), id: 11)
            let place = try watcher.receive()
            #expect(place.contains(#""scene":"weather.list#1""#) && place.contains(#""locationId":"2267057""#), "\(place)")
            for client in [saver, watcher] { try client.sendClose() }
            for server in [first, second] {
                server.kill(SIGTERM)
                #expect(try server.waitForExit().status == 0)
            }
        }
    }

    @Test("Two processes on one database: a booking through one shows its seats taken, by itself, in the flights a session on the other lists")
    func bookingsAcrossProcesses() async throws {
        try await onOwnThread {
            let url = try PostgresTestServer.shared().makeDatabase()
            let (first, firstPort) = try ServeProcess.listening(["--database", url])
            let (second, secondPort) = try ServeProcess.listening(["--database", url])
            let booker = try WebSocketTestClient(port: firstPort)
            let watcher = try WebSocketTestClient(port: secondPort)
            // With --listen the sample server runs on the machine's clock: a day a month ahead.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(30 * 86_400))
            let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            var seatsBefore = 0
            for client in [booker, watcher] {
                _ = try client.call(Self.initialize, id: 1)
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"flights"}"#), id: 2)
                _ = try client.call(Wire.event(3, "flights.search#1", "fromChanged", #"{"code":"LGW"}"#), id: 3)
                _ = try client.call(Wire.event(4, "flights.search#1", "toChanged", #"{"code":"CDG"}"#), id: 4)
                _ = try client.call(Wire.event(5, "flights.search#1", "dateChanged", #"{"date":"\#(day)"}"#), id: 5)
                let found = try client.call(Wire.event(6, "flights.search#1", "searchTapped"), id: 6)
                let seats = found.last { $0.contains(#""state":"loaded""#) }?.firstMatch(of: /"seatsLeft":(\d+)/).flatMap { Int($0.1) }
                seatsBefore = try #require(seats, "\(found)")
            }
            let flight = "LGW-CDG-\(day.replacingOccurrences(of: "-", with: ""))-1"
            _ = try booker.call(Wire.event(7, "flights.availability#1", "flightTapped", #"{"flightId":"\#(flight)"}"#), id: 7)
            let booked = try booker.call(Wire.event(8, "flights.summary#1", "bookTapped"), id: 8)
            #expect(booked.contains { $0.contains(#""state":"booked""#) }, "\(booked)")
            // The watcher sent nothing: its list loads again by itself, with one seat fewer.
            var reloaded: String?
            while reloaded == nil {
                let line = try watcher.receive()
                if line.contains(#""state":"loaded""#) { reloaded = line }
            }
            let seatsAfter = reloaded?.firstMatch(of: /"seatsLeft":(\d+)/).flatMap { Int($0.1) }
            #expect(seatsAfter == seatsBefore - 1, "\(reloaded ?? "")")
            for client in [booker, watcher] { try client.sendClose() }
            for server in [first, second] {
                server.kill(SIGTERM)
                #expect(try server.waitForExit().status == 0)
            }
        }
    }
}
