// The example of docs/golden.md ("From Swift"), kept here so that it compiles and passes;
// DocumentationExamplesTests checks that the guide shows exactly this code.
import Testing
import TodoApp
import ViperCore
import ViperStore
import ViperTesting

@Test func everyStoryStillAnswersAsRecorded() async throws {
    // Each transcript gets an engine of its own, and each session an empty database in memory.
    let runner = TranscriptRunner(engine: .inProcess(apps: {
        [AppFactory(TodoApp.self) { environment in
            TodoApp(store: Store(try SQLiteStore.inMemory(migrations: TodoApp.migrations)), faults: environment.faults)
        }]
    }))
    try await runner.verify("examples/todo")  // throws a report of every failure
}
