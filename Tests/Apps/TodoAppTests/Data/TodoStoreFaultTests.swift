import Foundation
import StoreFaults
import Testing
import ViperCore
import ViperStore

@testable import TodoApp

/// A ToDo session in this process on a database file, and the lines it answers.
private struct TodoSession {
    let session: Session
    let output = LineCollector()

    init(database: SQLiteStore) {
        let engine = Engine(EngineConfiguration(apps: [AppFactory(TodoApp.self) { environment in
            TodoApp(store: Store(database), faults: environment.faults)
        }], logger: .discarding))
        session = engine.makeSession(output: output)
    }

    func send(_ id: Int, _ method: String, _ params: String) async -> [String] {
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8))
        return output.drain()
    }

    /// Starts the app on Thursday 2026-11-19 and fills in the Add form, ready to save.
    func openFilledForm() async {
        _ = await send(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)
        _ = await send(2, "app.start", #"{"app":"todo"}"#)
        _ = await send(3, "view.event", #"{"scene":"todo.list#1","event":"addTapped"}"#)
        _ = await send(4, "view.event", #"{"scene":"todo.add#1","event":"titleChanged","data":{"title":"Water the plants"}}"#)
        _ = await send(5, "view.event", #"{"scene":"todo.add#1","event":"dueDateChanged","data":{"dueDate":"2026-11-20"}}"#)
    }

    func save(_ id: Int) async -> [String] {
        await send(id, "view.event", #"{"scene":"todo.add#1","event":"saveTapped"}"#)
    }
}

/// The ToDo app's answer to each way the store can fail, as the user sees it on the wire: the
/// form stays with what was typed, an alert says why, and what was saved before survives.
struct TodoStoreFaultTests {
    private func alert(_ message: String) -> [String] {
        [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"present","from":"todo.add#1","kind":"alert","scene":"alert#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"alert","scene":"alert#1","viewModel":{"actions":["OK"],"message":"The ToDo could not be saved: \#(message). Your entry is kept; try again.","title":"Could Not Save"}}}"#,
            #"{"id":6,"jsonrpc":"2.0","result":{}}"#,
        ]
    }

    @Test(arguments: [
        (DiskFaults.Failure.ioError, "disk I/O error"),
        (.full, "database or disk is full"),
    ])
    func aDiskThatFailsWritesShowsTheSaveAlertAndKeepsTheForm(failure: DiskFaults.Failure, message: String) async throws {
        DiskFaults.install()
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: TodoApp.migrations)
        let session = TodoSession(database: database)
        await session.openFilledForm()
        DiskFaults.failWrites(to: file.path, with: failure)
        defer { DiskFaults.heal(file.path) }
        let lines = await session.save(6)
        #expect(lines.count == 3)
        #expect(lines == alert(message), "\(lines)")

        DiskFaults.heal(file.path)
        _ = await session.send(7, "view.event", #"{"scene":"alert#1","event":"dismissTapped"}"#)
        let saved = await session.save(8)
        #expect(saved.last == #"{"id":8,"jsonrpc":"2.0","result":{}}"#)
        #expect(saved.contains { $0.contains(#""title":"Water the plants""#) && $0.contains("todo.list#1") })
    }

    @Test func aDatabaseLockedByAnotherEngineShowsTheSaveAlertAfterTheTimeout() async throws {
        let file = try StoreFile()
        let database = try SQLiteStore(path: file.path, migrations: TodoApp.migrations, busyTimeout: 0.2)
        let session = TodoSession(database: database)
        await session.openFilledForm()
        let lock = try DatabaseLock(path: file.path)
        let lines = await session.save(6)
        try lock.release()
        #expect(lines == alert("another program kept the database locked for more than 0.2 seconds"), "\(lines)")
    }
}
