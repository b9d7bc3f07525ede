import Foundation
import TodoApp
import ViperCore
import ViperStore
import ViperTesting

/// A temporary folder of transcripts, removed afterwards.
final class TranscriptFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("viper-transcripts-\(UUID().uuidString)")

    init(_ files: [String: String]) throws {
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func text(_ name: String) throws -> String { try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) }
}

/// The ToDo app in process, each session on a database of its own.
let todoEngine = TranscriptEngine.inProcess(apps: {
    [AppFactory(TodoApp.self) { environment in TodoApp(store: Store(try SQLiteStore.inMemory(migrations: TodoApp.migrations)), faults: environment.faults) }]
})

/// The opening every ToDo transcript shares: initialize and start the app.
let todoOpening = """
    > initialize {"now":"2026-11-19T09:00:00Z"}
    < {"result":{"apps":["todo"],"capabilities":{"effects":[],"faultInjection":"{{*}}","maxLineBytes":1048576},"engine":{"name":"viper","version":"{{*}}"},"protocolVersion":"1.1"}}
    > app.start {"app":"todo"}
    < {"method":"view.navigate","params":{"action":"root","kind":"todo.list","scene":"todo.list#1"}}
    < {"method":"view.render","params":{"kind":"todo.list","scene":"todo.list#1","viewModel":{"isEmpty":true,"sections":[]}}}
    < {"result":{"scene":"todo.list#1"}}

    """
