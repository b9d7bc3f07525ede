import Foundation
import GRDB
import Testing
import ViperCore

@testable import TodoApp

/// A fresh folder for one test's database files, removed afterwards.
private final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("viper-store-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var databasePath: String { url.appendingPathComponent("todo.sqlite").path }
}

struct SQLiteTodoStoreTests {
    @Test func savedItemsGetGrowingIdsAndComeBackInTheirRange() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteTodoStore(path: folder.databasePath)
        let milk = try await store.add(title: "Milk", dueDay: day("2026-11-20"))
        let bread = try await store.add(title: "Bread", dueDay: day("2026-11-19"))
        #expect(milk.id < bread.id)
        #expect(try await store.items(dueFrom: day("2026-11-19"), through: day("2026-11-20")) == [bread, milk])
    }

    @Test func itemsAreOrderedByDueDayThenByCreation() async throws {
        let store = try SQLiteTodoStore.inMemory()
        let late = try await store.add(title: "Late", dueDay: day("2026-11-21"))
        let second = try await store.add(title: "Second", dueDay: day("2026-11-20"))
        let third = try await store.add(title: "Third", dueDay: day("2026-11-20"))
        #expect(try await store.items(dueFrom: day("2026-11-01"), through: day("2026-11-30")) == [second, third, late])
    }

    @Test func theRangeIncludesBothEndsAndNothingOutside() async throws {
        let store = try SQLiteTodoStore.inMemory()
        for text in ["2026-11-17", "2026-11-18", "2026-11-29", "2026-11-30", "2026-12-01"] {
            _ = try await store.add(title: text, dueDay: day(text))
        }
        let listed = try await store.items(dueFrom: day("2026-11-18"), through: day("2026-11-29")).map(\.title)
        #expect(listed == ["2026-11-18", "2026-11-29"])
    }

    @Test func aStoreOpenedAgainOnTheSameFileFindsWhatWasSaved() async throws {
        let folder = try TemporaryFolder()
        let saved: TodoItem
        do {
            let store = try SQLiteTodoStore(path: folder.databasePath)
            saved = try await store.add(title: "Survive", dueDay: day("2026-11-20"))
        }
        let reopened = try SQLiteTodoStore(path: folder.databasePath)
        #expect(try await reopened.items(dueFrom: day("2026-11-20"), through: day("2026-11-20")) == [saved])
        let next = try await reopened.add(title: "Next", dueDay: day("2026-11-20"))
        #expect(next.id > saved.id)
    }

    @Test func theFileIsDurableWriteAheadLogged() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteTodoStore(path: folder.databasePath)
        _ = try await store.add(title: "Logged", dueDay: day("2026-11-20"))
        // In WAL mode a write leaves the log file beside the database while the store is open.
        #expect(FileManager.default.fileExists(atPath: folder.databasePath + "-wal"))
        withExtendedLifetime(store) {}
    }

    @Test func everyCommitIsSyncedToDiskNotOnlyAtCheckpoints() throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteTodoStore(path: folder.databasePath)
        // 2 is FULL. GRDB sets NORMAL (1) when it turns on write-ahead logging; FULL must win.
        #expect(try store.synchronousSetting() == 2)
    }

    @Test func theListIsReadFromTheIndexAloneWithoutLookingUpRows() throws {
        let store = try SQLiteTodoStore.inMemory()
        #expect(try store.upcomingItemsQueryPlan() == ["SEARCH todo USING COVERING INDEX todo_on_due_day_id_title (due_day>? AND due_day<?)"])
    }

    @Test func aFileTheFirstVersionMadeIsMigratedAndKeepsItsToDos() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: folder.databasePath).write { db in
            // The schema and bookkeeping of the store's first migration, as it left them.
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: todo');
                CREATE TABLE "todo" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "due_day" TEXT NOT NULL);
                CREATE INDEX "todo_on_due_day" ON "todo"("due_day");
                INSERT INTO todo (title, due_day) VALUES ('Kept', '2026-11-20');
                """)
        }
        let store = try SQLiteTodoStore(path: folder.databasePath)
        #expect(try await store.items(dueFrom: day("2026-11-20"), through: day("2026-11-20")).map(\.title) == ["Kept"])
        #expect(try store.indexNames() == ["todo_on_due_day_id_title"])
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithSQLitesReason() throws {
        let folder = try TemporaryFolder()
        try Data("not a database, just text that is long enough to look like a header".utf8).write(to: URL(fileURLWithPath: folder.databasePath))
        #expect(throws: (any Error).self) { try SQLiteTodoStore(path: folder.databasePath) }
    }
}
