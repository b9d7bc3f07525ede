import Testing
import TodoApp
import ViperCore
import ViperStore

@testable import ViperCommandLine

/// A host registers each app once, with its migrations; the databases it opens run every
/// hosted app's steps, each once.
struct HostedAppTests {
    private func app(_ migrations: [String]) -> HostedApp {
        HostedApp(TodoApp.self, migrations: migrations.map { StoreMigration($0) { _ in [] } }) { _ in
            TodoApp(store: Store(try SQLiteStore.inMemory(migrations: TodoApp.migrations)), faults: nil)
        }
    }

    @Test func theHostsMigrationsAreItsAppsEachStepOnceInTheOrderTheAppsNameThem() {
        let apps = [app(["todo v1", "server v1"]), app(["news v1", "server v1", "news v2"]), app([])]
        #expect(HostedApp.migrations(of: apps).map(\.identifier) == ["todo v1", "server v1", "news v1", "news v2"])
    }

    @Test func aDatabaseTheResourcesOpenHasTheTablesOfEveryHostedApp() async throws {
        let resources = AppResources(location: .memory, environment: [:], serversReadSessionClock: true, isolatesSessions: false)
        let factories = resources.host([app([]), HostedApp(TodoApp.self, migrations: TodoApp.migrations) { _ in
            TodoApp(store: Store(try SQLiteStore.inMemory(migrations: [])), faults: nil)
        }])
        #expect(factories.map(\.name) == ["todo", "todo"])
        let database = try resources.database(of: .default)
        let tables: [String] = try await Store(database).read { db in
            try await db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.get(0) }
        }
        #expect(tables.contains("todo"))
    }
}
