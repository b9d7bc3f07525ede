// The example of docs/golden.md ("From Swift"), kept here so that it compiles and passes;
// DocumentationExamplesTests checks that the guide shows exactly this code.
import Testing
import TodoApp
import ViperCore
import ViperStore
import ViperTesting

@Test func everyStoryStillAnswersAsRecorded() async throws {
    let runner = TranscriptRunner(engine: .inProcess { allowsFaultInjection in
        // Each transcript gets an engine of its own, on an empty database in memory.
        Engine(EngineConfiguration(
            apps: [AppFactory(TodoApp.self) { environment in
                TodoApp(database: try StoreDatabase.inMemory(migrations: TodoApp.migrations), faults: environment.faults)
            }],
            allowsFaultInjection: allowsFaultInjection))
    })
    try await runner.verify("examples")  // throws a report of every failure
}
