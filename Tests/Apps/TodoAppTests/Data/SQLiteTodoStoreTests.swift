import Foundation
import GRDB
import StoreFaults
import Testing
import ViperCore
import ViperStore

@testable import TodoApp

/// A ToDo store on a database file of its own.
private func fileStore(_ file: StoreFile) throws -> SQLiteTodoStore {
    SQLiteTodoStore(database: try StoreDatabase(path: file.path, migrations: TodoApp.migrations))
}

private func memoryStore() throws -> SQLiteTodoStore {
    SQLiteTodoStore(database: try StoreDatabase.inMemory(migrations: TodoApp.migrations))
}

struct SQLiteTodoStoreTests {
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

    @Test func theListIsReadFromTheIndexAloneWithoutLookingUpRows() throws {
        let store = try memoryStore()
        #expect(try store.upcomingItemsQueryPlan() == ["SEARCH todo USING COVERING INDEX todo_on_due_day_id_title (due_day>? AND due_day<?)"])
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
        #expect(try store.indexNames() == ["todo_on_due_day_id_title"])
    }

}

/// Rows that the store did not write: another tool, or a damaged file. Each must make reading
/// fail with a reason, never trap, and leave the good rows readable once it is gone.
struct BadTodoRowTests {
    /// A `todo` table without the constraints, as another tool could make it, holding one good
    /// row and `bad`.
    private func store(plantingRow bad: String) throws -> (SQLiteTodoStore, StoreFile) {
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
