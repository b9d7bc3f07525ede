import CLibFuzzer
import Dispatch
import Foundation
import Logging
import TodoApp
import ViperCore
import ViperStore

#if canImport(Glibc)
import Glibc
#endif

/// Hands the process to libFuzzer, which calls `fuzzOneInput` with each input.
@main
enum FuzzTarget {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzOneInput(data, count) })
    }
}

/// One input: its lines go to a fresh session with the ToDo app, through the real transport
/// (`StdioServer` reading a file descriptor), and the output must hold a well-formed answer for
/// every line; crashes and hangs are libFuzzer's to catch.
private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let lines = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count)).split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // A trailing newline ends the last line; it does not start another.
    let requests = lines.count > 1 && lines.last!.isEmpty ? Array(lines.dropLast()) : lines
    let output = serve(Probe.interleave(requests.map(Array.init)))
    Oracle(requests: requests.map(Array.init), output: output).check()
    return 0
}

/// Runs one session over `input` as `viper serve --enable-fault-injection --db :memory:` would,
/// and returns everything it wrote.
private func serve(_ input: [UInt8]) -> [UInt8] {
    let inputFile = memoryFile(named: "input", holding: input)
    let outputFile = memoryFile(named: "output", holding: [])
    defer {
        close(inputFile)
        close(outputFile)
    }
    let finished = DispatchSemaphore(value: 0)
    let lifetimes = SessionLifetimes()
    Task.detached {
        await serveSession(input: inputFile, output: outputFile, lifetimes: lifetimes)
        finished.signal()
    }
    finished.wait()
    lifetimes.releaseWhenUnused()
    return contents(of: outputFile)
}

/// The session itself: what it makes is held by `lifetimes` and by the tasks it started, which
/// `SessionLifetimes` waits for.
private func serveSession(input: Int32, output: Int32, lifetimes: SessionLifetimes) async {
    let database = try! SQLiteStore.inMemory(migrations: TodoApp.migrations)
    var logger = Logger(label: "fuzz")
    logger.logLevel = .critical
    let engine = Engine(EngineConfiguration(
        apps: [AppFactory(TodoApp.self) { environment in TodoApp(store: Store(database), faults: environment.faults) }],
        allowsFaultInjection: true, logger: logger))
    let sink = FileDescriptorSink(fileDescriptor: output)
    let session = engine.makeSession(output: sink)
    lifetimes.watch(session, engine, database)
    await StdioServer.run(session, input: input, output: sink)
    sink.close()
}

/// One input's session, engine and database, held here so that each is freed on the harness's
/// thread, before the next leak check, once nothing else holds it.
///
/// libFuzzer runs LeakSanitizer right after an input returns. Objects still being freed on
/// another thread then looked leaked: what they reach only through pointers whose spare bits
/// Swift uses (an enum payload's case, a weak reference's side table) is not seen as reachable
/// by LeakSanitizer. Runs failed that way (a CI run on `engine.describe`'s data, a longer one on
/// the side table of the database's change feed) while the weak references this held already
/// read nil: a fixed pause did not always cover the rest of the teardown.
private final class SessionLifetimes: @unchecked Sendable {
    // Written before the session task signals, read after the caller waited for that signal:
    // the semaphore orders the accesses.
    private var session: Session?
    private var engine: Engine?
    private var database: SQLiteStore?

    func watch(_ session: Session, _ engine: Engine, _ database: SQLiteStore) {
        self.session = session
        self.engine = engine
        self.database = database
    }

    /// Frees the session, then the engine, then the database, each once this is its last owner
    /// (waiting up to 10 s for the tasks that still hold it). Past that, something holds it for
    /// good, and the leak check that follows reports what.
    func releaseWhenUnused() {
        Self.release(&session)
        Self.release(&engine)
        Self.release(&database)
    }

    private static func release<Object: AnyObject>(_ object: inout Object?) {
        for _ in 0..<10_000 where object != nil && !isKnownUniquelyReferenced(&object!) {
            usleep(1_000)
        }
        object = nil
    }
}

/// An unnamed temporary file holding `bytes`, read from its start.
private func memoryFile(named name: String, holding bytes: [UInt8]) -> Int32 {
    var template = Array("/tmp/viper-fuzz-\(name)-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    precondition(descriptor >= 0, "mkstemp failed: \(errno)")
    unlink(template)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        precondition(result > 0, "write failed: \(errno)")
        written += result
    }
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
}

private func contents(of descriptor: Int32) -> [UInt8] {
    lseek(descriptor, 0, SEEK_SET)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
    }
}
