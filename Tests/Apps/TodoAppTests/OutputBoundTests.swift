import Foundation
import GRDB
import Testing
import ViperCore
import ViperJSON
import ViperStore

@testable import TodoApp

/// What bounds a line the engine writes (protocol.md §1): ToDos whose titles are as long as an
/// input line allows make a list longer than the engine writes in one line.
@Suite("Lines the engine writes are at most 8 MiB; a longer render is not written, and its request says so")
struct OutputBoundTests {
    @Test("Nine ToDos of a million characters: no line over the limit, and the save whose list would pass it is answered outputTooLarge")
    func longListIsRefusedWithAnError() async throws {
        let database = try SQLiteStore.inMemory(migrations: TodoApp.migrations)
        let output = LineCollector()
        let engine = Engine(EngineConfiguration(apps: [AppFactory(TodoApp.self) { environment in
            TodoApp(store: Store(database), faults: environment.faults)
        }], logger: .discarding))
        let session = engine.makeSession(output: output)
        var id = 0
        func send(_ method: String, _ params: String) async -> [String] {
            id += 1
            await session.receive(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8))
            let lines = output.drain()
            for line in lines { #expect(line.utf8.count <= EngineInfo.maxOutputLineBytes, "a line of \(line.utf8.count) bytes") }
            return lines
        }
        _ = await send("initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)
        _ = await send("app.start", #"{"app":"todo"}"#)
        let title = String(repeating: "x", count: 1_000_000)
        var lastSave: [String] = []
        for number in 1...9 {
            _ = await send("view.event", #"{"scene":"todo.list#1","event":"addTapped"}"#)
            _ = await send("view.event", #"{"scene":"todo.add#\#(number)","event":"titleChanged","data":{"title":"\#(title)"}}"#)
            _ = await send("view.event", #"{"scene":"todo.add#\#(number)","event":"dueDateChanged","data":{"dueDate":"2026-11-19"}}"#)
            lastSave = await send("view.event", #"{"scene":"todo.add#\#(number)","event":"saveTapped"}"#)
        }
        // The ninth save is committed and its form dismissed; the list it would render is not written.
        #expect(lastSave.count == 2, "\(lastSave.map { $0.prefix(200) })")
        #expect(lastSave.first?.contains(#""action":"dismiss""#) == true)
        let error = try JSONParser.parse(Array(try #require(lastSave.last).utf8))
        #expect(error["error"]?["code"] == -32603)
        #expect(error["error"]?["data"]?["kind"] == "outputTooLarge")
        #expect(error["error"]?["data"]?["scene"] == "todo.list#1")
        #expect(error["error"]?["data"]?["limit"] == .number(Double(EngineInfo.maxOutputLineBytes)))
        #expect(try await Store(database).read { db in try await db.row("SELECT COUNT(*) FROM todo")?.get(0) as Int? } == 9)

        // What the engine says the list shows is what the View last saw: eight ToDos.
        let state = try JSONParser.parse(Array(try #require(await send("engine.state", "{}").last).utf8))
        guard case .array(let stack)? = state["result"]?["stack"], case .array(let sections)? = stack.first?["viewModel"]?["sections"],
            case .array(let items)? = sections.first?["items"]
        else {
            Issue.record("no list in engine.state")
            return
        }
        #expect(items.count == 8)
    }
}
