import Foundation
import Logging
import PostgresTestServer
import Testing
import ViperStore
import ViperStorePostgres

/// A schema of two steps, like an app's.
private let notes = [
    StoreMigration("notes v1") { dialect in
        ["CREATE TABLE note (id \(dialect.autoIncrementingKey), text TEXT NOT NULL UNIQUE, weight \(dialect.real), count \(dialect.integer))"]
    },
    StoreMigration("notes v2") { _ in ["CREATE INDEX note_on_weight ON note (weight)"] },
]

/// A new database of the shared test server, opened as a viper process would open it.
private func openDatabase(_ migrations: [StoreMigration] = notes) async throws -> (PostgresDatabase, url: String) {
    let url = try await PostgresTestServer.onOwnThread { try $0.makeDatabase() }
    return (try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: migrations, logger: Logger(label: "test")), url)
}

private func noteTexts(_ store: PostgresStore) async throws -> [String] {
    try await Store(store).read { db in try await db.query("SELECT text FROM note ORDER BY id").map { try $0.get(0) } }
}

private func addNote(_ text: String, to store: PostgresStore) async throws {
    try await Store(store).write { db in try await db.execute("INSERT INTO note (text) VALUES (?)", text) }
}

/// PostgreSQL as the store of many processes, on a real server.
@Suite("The store on PostgreSQL")
struct PostgresStoreTests {
    @Test("Migrations make the default workspace's schema, run once in order, and are recorded")
    func migrationsRunOnce() async throws {
        let (database, url) = try await openDatabase()
        try await addNote("kept", to: database.store(forWorkspace: nil))
        await database.close()
        let reopened = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        defer { Task { await reopened.close() } }
        #expect(try await noteTexts(reopened.store(forWorkspace: nil)) == ["kept"])
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        #expect(try await PostgresTestServer.onOwnThread { try $0.psql(name, "SELECT identifier FROM viper.viper_migrations ORDER BY identifier") } == "notes v1\nnotes v2\n")
    }

    @Test("Values of every kind go in bound and come back as they went, quotes, accents and question marks included")
    func valuesRoundTrip() async throws {
        let (database, _) = try await openDatabase()
        defer { Task { await database.close() } }
        let store = Store(database.store(forWorkspace: nil))
        let text = "l'été \"São Paulo\" ? -- not a comment; DROP TABLE note"
        let row = try await store.write { db in
            try await db.row("INSERT INTO note (text, weight, count) VALUES (?, ?, ?) RETURNING id, text, weight, count, NULL AS nothing", text, 2.5, Int64.max)
        }
        #expect(try row?.get("text") == text)
        #expect(try row?.get("weight") == 2.5)
        #expect(try row?.get("count") == Int64.max)
        #expect(try row?.get("nothing") as String? == nil)
        #expect(try row?.get("id") == 1 as Int64)
        let found: [String] = try await store.read { db in
            try await db.query("SELECT text FROM note WHERE text = ? AND (CAST(? AS TEXT) IS NULL OR text = ?)", text, nil as String?, text).map { try $0.get(0) }
        }
        #expect(found == [text])
    }

    @Test("A body that throws keeps nothing, and a statement the server refuses fails with its words")
    func rollback() async throws {
        struct Refusal: Error {}
        let (database, _) = try await openDatabase()
        defer { Task { await database.close() } }
        let store = database.store(forWorkspace: nil)
        await #expect(throws: Refusal.self) {
            try await Store(store).write { db in
                try await db.execute("INSERT INTO note (text) VALUES (?)", "rolled back")
                throw Refusal()
            }
        }
        try await addNote("twice", to: store)
        let error = await #expect(throws: StoreError.self) { try await addNote("twice", to: store) }
        #expect(error?.description.contains("duplicate key value violates unique constraint") == true)
        #expect(try await noteTexts(store) == ["twice"])
    }

    @Test("Workspaces are schemas of their own: the same names and keys in each, and neither sees the other's rows")
    func workspacesAreApart() async throws {
        let (database, _) = try await openDatabase()
        defer { Task { await database.close() } }
        try await addNote("same", to: database.store(forWorkspace: nil))
        try await addNote("same", to: database.store(forWorkspace: "ada"))
        try await addNote("only ada's", to: database.store(forWorkspace: "ada"))
        #expect(try await noteTexts(database.store(forWorkspace: nil)) == ["same"])
        #expect(try await noteTexts(database.store(forWorkspace: "ada")) == ["same", "only ada's"])
        #expect(database.store(forWorkspace: "ada").schema == "viper_ada")
    }

    @Test("A workspace's name too long for a schema is cut and ends with its digest: two long names never share one")
    func longWorkspaceNames() {
        let first = PostgresDatabase.schema(forWorkspace: String(repeating: "a", count: 64))
        let second = PostgresDatabase.schema(forWorkspace: String(repeating: "a", count: 63) + "b")
        #expect(first.utf8.count <= 63 && second.utf8.count <= 63)
        #expect(first != second)
        #expect(PostgresDatabase.schema(forWorkspace: "ada") == "viper_ada")
    }

    @Test("Two processes' writes heard by each other's stores once committed, each store not hearing its own, per workspace")
    func changesCrossProcesses() async throws {
        let (first, url) = try await openDatabase()
        let second = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        defer { Task { await first.close(); await second.close() } }
        let writer = Store(first.store(forWorkspace: nil))
        var heardOnSecond = Store(second.store(forWorkspace: nil)).changes(of: ["notes"]).makeAsyncIterator()
        var heardInOtherWorkspace = Store(second.store(forWorkspace: "bob")).changes(of: ["notes"]).makeAsyncIterator()
        // A write that rolls back is never heard.
        _ = try? await writer.write { db in
            db.announce("notes")
            throw CancellationError()
        }
        try await writer.write { db in
            try await db.execute("INSERT INTO note (text) VALUES (?)", "heard")
            db.announce("notes")
        }
        let bob = Store(second.store(forWorkspace: "bob"))
        try await bob.write { db in db.announce("notes") }
        #expect(await heardOnSecond.next() == StoreChange(topic: "notes", origin: writer.origin))
        // Bob's workspace hears bob's change, and never the default workspace's, which came first.
        #expect(await heardInOtherWorkspace.next() == StoreChange(topic: "notes", origin: bob.origin))
    }

    @Test("Two processes making a new workspace's schema at once both go on: one makes it, the other finds it made")
    func workspacesMadeTogether() async throws {
        let (first, url) = try await openDatabase()
        let second = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        defer { Task { await first.close(); await second.close() } }
        for round in 0..<5 {
            let workspace = "together-\(round)"
            try await withThrowingTaskGroup(of: Void.self) { group in
                for database in [first, second] {
                    group.addTask { try await addNote("from \(ObjectIdentifier(database).hashValue)", to: database.store(forWorkspace: workspace)) }
                }
                try await group.waitForAll()
            }
            #expect(try await noteTexts(first.store(forWorkspace: workspace)).count == 2)
        }
    }

    @Test("Writers that serialize on a key take turns across processes: every read-then-write sees the one before")
    func serializedWritersTakeTurns() async throws {
        let (first, url) = try await openDatabase()
        let second = try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        defer { Task { await first.close(); await second.close() } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let database = index % 2 == 0 ? first : second
                group.addTask {
                    try await Store(database.store(forWorkspace: nil)).write { db in
                        try await db.serialize(on: "notes")
                        let count: Int = try await db.row("SELECT count(*) FROM note")?.get(0) ?? -1
                        try await db.execute("INSERT INTO note (text, count) VALUES (?, ?)", "note \(index)", count)
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts: [Int] = try await Store(first.store(forWorkspace: nil)).read { db in
            try await db.query("SELECT count FROM note ORDER BY count").map { try $0.get(0) }
        }
        #expect(counts == Array(0..<40))
    }

    @Test("A database a newer viper migrated is refused at opening, naming what it does not know, and left as it was")
    func newerSchemaRefused() async throws {
        let (database, url) = try await openDatabase()
        await database.close()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        try await PostgresTestServer.onOwnThread { try $0.psql(name, "INSERT INTO viper.viper_migrations VALUES ('notes v3')") }
        let error = await #expect(throws: StoreError.self) {
            try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        }
        #expect(error?.isNewerVersion == true)
        #expect(error?.description.contains("notes v3") == true)
        let password = try await PostgresTestServer.onOwnThread { $0.password }
        #expect(error?.description.contains(password) == false)
    }

    @Test("A wrong password is refused in the server's words, which never show the password")
    func wrongPassword() async throws {
        let server = try await PostgresTestServer.onOwnThread { $0 }
        let url = server.url(of: "postgres", password: "not-the-Pa55word")
        let error = await #expect(throws: StoreError.self) {
            try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        }
        #expect(error?.description == "password authentication failed for user \"viper\"")
    }

    @Test("A server that is not there fails the opening at once, naming the host and port, never the password")
    func unreachableServer() async throws {
        let url = "postgresql://viper:hidden-Pa55word@127.0.0.1:1/app?sslmode=disable"
        let error = await #expect(throws: StoreError.self) {
            try await PostgresDatabase.open(try PostgresLocation(url: url), migrations: notes, logger: Logger(label: "test"))
        }
        #expect(error?.isUnavailable == true)
        #expect(error?.description.hasPrefix("the database server at 127.0.0.1:1 cannot be reached") == true, "\(String(describing: error))")
        #expect(error?.description.contains("hidden-Pa55word") == false)
    }
}
