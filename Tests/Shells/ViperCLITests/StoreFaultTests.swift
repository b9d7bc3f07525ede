import Foundation
import StoreFaults
import Testing

/// What a user of `viper serve` sees when the database file is not as the engine left it: the
/// engine either says why it cannot start (exit 1, a sentence on stderr) or shows the failure in
/// the app, and never crashes or loses what was saved.
struct StoreFaultTests {
    static let now = "2026-11-19T09:00:00Z"

    @Test func aRowWithoutATitleShowsCouldNotLoadInsteadOfKillingTheEngine() throws {
        let file = try StoreFile()
        _ = try ServeProcess(serving: ["--db", file.path]).finish()
        // Another tool rewrote the table without its constraints and left a row with no title.
        try file.execute("""
            DROP INDEX todo_on_due_day_id_title;
            ALTER TABLE todo RENAME TO checked;
            CREATE TABLE todo (id INTEGER PRIMARY KEY, title, due_day);
            CREATE INDEX todo_on_due_day_id_title ON todo(due_day, id, title);
            DROP TABLE checked;
            INSERT INTO todo VALUES (1, NULL, '2026-11-20');
            """)
        let engine = try ServeProcess(serving: ["--db", file.path])
        let started = try engine.startTodo(now: Self.now)
        expectSameLines(started, [
            Wire.navigate("root", "todo.list#1"),
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.navigate("present", "alert#1", from: "todo.list#1"),
            Wire.render("alert#1", #"{"actions":["OK"],"message":"The ToDos could not be read: a todo row has no title (NULL).","title":"Could Not Load ToDos"}"#),
            Wire.result(2, #"{"scene":"todo.list#1"}"#),
        ])
        #expect(try engine.finish().status == 0)
    }

    @Test func eightEnginesStartedTogetherOnANewFileAllStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/new.sqlite"
        let engines = try (1...8).map { _ in try ServeProcess(serving: ["--db", database]) }
        for engine in engines {
            try engine.startTodo(now: Self.now)
            let exit = try engine.finish()
            #expect(exit.status == 0, "\(exit.standardError)")
        }
    }

    @Test func aFileFromANewerVersionIsRefusedBeforeAnyRequestAndLeftAsItWas() throws {
        let file = try StoreFile()
        let first = try ServeProcess(serving: ["--db", file.path])
        _ = try first.startTodo(now: Self.now)
        _ = try first.addTodo("Keep me", due: "2026-11-20")
        _ = try first.finish()
        try file.markWrittenByANewerVersion(migration: "v3: something new")

        let refused = try ServeProcess(serving: ["--db", file.path]).finish()
        #expect(refused.status == 1)
        #expect(refused.remainingLines.isEmpty)
        #expect(refused.standardError.contains("was written by a newer version of viper"), "\(refused.standardError)")
        #expect(refused.standardError.contains("v3: something new"), "\(refused.standardError)")

        try file.execute("DELETE FROM grdb_migrations WHERE identifier = 'v3: something new'")
        let after = try ServeProcess(serving: ["--db", file.path])
        #expect(try ListViewModel(lastRenderIn: try after.startTodo(now: Self.now)).rows.map(\.title) == ["Keep me"])
    }

    @Test func aCleanExitLeavesNoWriteAheadLogBehind() throws {
        let file = try StoreFile()
        let engine = try ServeProcess(serving: ["--db", file.path])
        _ = try engine.startTodo(now: Self.now)
        _ = try engine.addTodo("Tidy", due: "2026-11-20")
        #expect(file.files == ["viper.sqlite", "viper.sqlite-shm", "viper.sqlite-wal"])
        #expect(try engine.finish().status == 0)
        #expect(file.files == ["viper.sqlite"])
    }
}
