import Foundation
import StoreFaults
import Testing
import ViperCore
import ViperStore

@testable import TodoApp

/// A ToDo store on a database file of its own.
private func fileStore(_ file: StoreFile) throws -> PersistentTodoStore {
    PersistentTodoStore(store: Store(try SQLiteStore(path: file.path, migrations: TodoApp.migrations)))
}

private func memoryStore() throws -> PersistentTodoStore {
    PersistentTodoStore(store: Store(try SQLiteStore.inMemory(migrations: TodoApp.migrations)))
}

extension PersistentTodoStore {
    /// How SQLite reads the list, for the tests of the covering index.
    func upcomingItemsQueryPlan() async throws -> [String] {
        try await store.read { db in
            try await db.query("EXPLAIN QUERY PLAN \(Self.upcomingItemsSQL)", "2026-11-01", "2026-11-30").map { try $0.get("detail") }
        }
    }

    /// The names of the `todo` table's indexes, for the tests of the migrations.
    func indexNames() async throws -> [String] {
        try await store.read { db in
            try await db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todo' AND sql IS NOT NULL ORDER BY name")
                .map { try $0.get(0) }
        }
    }
}

struct PersistentTodoStoreTests {
    @Test("A save is heard by another store of the database once it commits, never by the store that made it")
    func aSaveIsHeardByOthers() async throws {
        let database = try SQLiteStore.inMemory(migrations: TodoApp.migrations)
        let mine = PersistentTodoStore(store: Store(database))
        let theirs = PersistentTodoStore(store: Store(database))
        var heardByThem = theirs.changesByOthers().makeAsyncIterator()
        var heardByMe = mine.changesByOthers().makeAsyncIterator()
        _ = try await mine.add(title: "Mine", dueDay: day("2026-11-20"))
        _ = try await theirs.add(title: "Theirs", dueDay: day("2026-11-20"))
        let heard = await heardByThem.next()
        #expect(heard?.topic == PersistentTodoStore.topic)
        // What mine hears first is theirs: its own save was not handed back to it.
        let first = await heardByMe.next()
        #expect(first?.topic == PersistentTodoStore.topic && first?.origin != heard?.origin)
    }

    @Test func savedItemsGetGrowingIdsAndComeBackInTheirRange() async throws {
        let store = try fileStore(try StoreFile())
        let milk = try await store.add(title: "Milk", dueDay: day("2026-11-20"))
        let bread = try await store.add(title: "Bread", dueDay: day("2026-11-19"))
        #expect(milk.id < bread.id)
        #expect(try await store.items(dueFrom: day("2026-11-19"), through: day("2026-11-20")) == [bread, milk])
    }

    @Test func itemsAreOrderedByDueDayThenByCreation() async throws {
        let store = try memoryStore()
        let late = try await store.add(title: "Late", dueDay: day("2026-11-21"))
        let second = try await store.add(title: "Second", dueDay: day("2026-11-20"))
        let third = try await store.add(title: "Third", dueDay: day("2026-11-20"))
        #expect(try await store.items(dueFrom: day("2026-11-01"), through: day("2026-11-30")) == [second, third, late])
    }

    @Test func theRangeIncludesBothEndsAndNothingOutside() async throws {
        let store = try memoryStore()
        for text in ["2026-11-17", "2026-11-18", "2026-11-29", "2026-11-30", "2026-12-01"] {
            _ = try await store.add(title: text, dueDay: day(text))
        }
        let listed = try await store.items(dueFrom: day("2026-11-18"), through: day("2026-11-29")).map(\.title)
        #expect(listed == ["2026-11-18", "2026-11-29"])
    }

    @Test func aStoreOpenedAgainOnTheSameFileFindsWhatWasSaved() async throws {
        let file = try StoreFile()
        let saved = try await fileStore(file).add(title: "Survive", dueDay: day("2026-11-20"))
        let reopened = try fileStore(file)
        #expect(try await reopened.items(dueFrom: day("2026-11-20"), through: day("2026-11-20")) == [saved])
        let next = try await reopened.add(title: "Next", dueDay: day("2026-11-20"))
        #expect(next.id > saved.id)
    }

    @Test func theListIsReadFromTheIndexAloneWithoutLookingUpRows() async throws {
        let store = try memoryStore()
        #expect(try await store.upcomingItemsQueryPlan() == ["SEARCH todo USING COVERING INDEX todo_on_due_day_id_title (due_day>? AND due_day<?)"])
    }

    @Test func aFileTheFirstVersionMadeIsMigratedAndKeepsItsToDos() async throws {
        let file = try StoreFile()
        // The schema and bookkeeping of the store's first migration, as GRDB's migrator left them.
        try file.execute("""
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1: todo');
            CREATE TABLE "todo" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "due_day" TEXT NOT NULL);
            CREATE INDEX "todo_on_due_day" ON "todo"("due_day");
            INSERT INTO todo (title, due_day) VALUES ('Kept', '2026-11-20');
            """)
        let store = try fileStore(file)
        #expect(try await store.items(dueFrom: day("2026-11-20"), through: day("2026-11-20")).map(\.title) == ["Kept"])
        #expect(try await store.indexNames() == ["todo_on_due_day_id_title"])
    }

}

/// Rows that the store did not write: another tool, or a damaged file. Each must make reading
/// fail with a reason, never trap, and leave the good rows readable once it is gone.
struct BadTodoRowTests {
    /// A `todo` table without the constraints, as another tool could make it, holding one good
    /// row and `bad`.
    private func store(plantingRow bad: String) throws -> (PersistentTodoStore, StoreFile) {
        let file = try StoreFile()
        _ = try fileStore(file)
        try file.execute("""
            DROP INDEX todo_on_due_day_id_title;
            ALTER TABLE todo RENAME TO todo_checked;
            CREATE TABLE todo (id INTEGER, title, due_day);
            CREATE INDEX todo_on_due_day_id_title ON todo(due_day, id, title);
            DROP TABLE todo_checked;
            INSERT INTO todo VALUES (1, 'Good', '2026-11-20');
            INSERT INTO todo VALUES \(bad);
            """)
        return (try fileStore(file), file)
    }

    @Test(arguments: [
        ("(2, NULL, '2026-11-20')", "a todo row has no title (NULL)"),
        ("(NULL, 'No id', '2026-11-20')", "a todo row has no id"),
        ("(2, 'Bad day', '2026-11-2x')", "the todo row 2 has an invalid due day '2026-11-2x'"),
        ("(2, 'A time too', '2026-11-20 09:00')", "the todo row 2 has an invalid due day '2026-11-20 09:00'"),
    ])
    func aBadRowMakesTheListFailWithAReason(row: String, reason: String) async throws {
        let (store, _) = try store(plantingRow: row)
        let error = await #expect(throws: StoreError.self) {
            try await store.items(dueFrom: day("2026-11-19"), through: day("2026-11-30"))
        }
        #expect(error?.description == reason)
    }

    @Test func aTitleThatIsNotTextIsReadAsText() async throws {
        let (store, _) = try store(plantingRow: "(2, 42, '2026-11-20'), (3, x'FF41', '2026-11-20')")
        let titles = try await store.items(dueFrom: day("2026-11-19"), through: day("2026-11-30")).map(\.title)
        #expect(titles == ["Good", "42", "\u{FFFD}A"])
    }

    @Test func rowsOutsideTheWindowAreNotReadAtAll() async throws {
        // A blob sorts after every text, so a due day stored as bytes is never in the window.
        let (store, _) = try store(plantingRow: "(2, NULL, '2026-12-31'), (3, NULL, NULL), (4, 'Blob', x'323032362d31312d3230')")
        #expect(try await store.items(dueFrom: day("2026-11-19"), through: day("2026-11-30")).map(\.title) == ["Good"])
    }
}
