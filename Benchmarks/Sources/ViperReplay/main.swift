import Dispatch
import TodoApp
import ViperCore
import ViperStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `viper serve --db PATH` without its command line: the same server and session, on the store
// at the path given as the only argument (in memory without one), reading stdin to its end.
//
// The main thread waits on a semaphore instead of being an async `main`: valgrind 3.19 crashes
// when the main thread leaves through `dispatch_main` (what an async `main` does on Linux), so
// this is the form callgrind can profile.
let arguments = CommandLine.arguments.dropFirst()
let database = try arguments.first.map { try SQLiteStore(path: $0, migrations: TodoApp.migrations) }
    ?? SQLiteStore.inMemory(migrations: TodoApp.migrations)
let engine = Engine(EngineConfiguration(apps: [AppFactory(TodoApp.self) { environment in
    TodoApp(store: Store(database), faults: environment.faults)
}]))
let output = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
let done = DispatchSemaphore(value: 0)
Task.detached {
    await StdioServer.run(engine.makeSession(output: output), input: STDIN_FILENO, output: output)
    done.signal()
}
done.wait()
