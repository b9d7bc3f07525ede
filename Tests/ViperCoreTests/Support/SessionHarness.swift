import CustomDump
import ProbeApp
import Testing
import ViperCore

/// Drives one session in process: send a line, get back every line it caused.
struct SessionHarness {
    let session: Session
    private let sink = LineCollector()

    init(
        apps: [AppFactory] = [ProbeApp.factory], allowsFaultInjection: Bool = false, http: any HTTPClient = UnusedHTTPClient(),
        journals: (any SessionJournals)? = nil
    ) {
        let engine = Engine(EngineConfiguration(
            apps: apps, allowsFaultInjection: allowsFaultInjection, logger: .discarding, httpClient: http, journals: journals))
        session = engine.makeSession(output: sink)
    }

    /// Why the engine ended the session, if it did.
    var endedBecause: SessionEnd? { sink.endedBecause }

    /// Sends a line and returns what it caused once the session has settled.
    func send(_ line: String) async -> [String] {
        await session.receive(line: Array(line.utf8))
        return sink.drain()
    }

    /// Hands the session a line without waiting for anything, as a transport does.
    func accept(_ line: String) async {
        await session.accept(line: Array(line.utf8))
    }

    /// Waits until the session has settled and returns every line written meanwhile. A session
    /// that does not settle within `timeout` (a request held for ever, where the engine should
    /// have cancelled it) fails the test then, rather than hanging the whole run.
    func settled(within timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        let session = session
        let (outcomes, outcome) = AsyncStream.makeStream(of: Bool.self)
        let timer = Task {
            do { try await Task.sleep(for: timeout) } catch { return }  // cancelled: it settled
            outcome.yield(false)
        }
        Task {
            await session.settled()
            timer.cancel()
            outcome.yield(true)
        }
        let settledInTime = await outcomes.first { _ in true } ?? false
        outcome.finish()
        if !settledInTime {
            Issue.record("the session did not settle within \(timeout): a request is still running", sourceLocation: sourceLocation)
        }
        return sink.drain()
    }

    /// Waits for `count` lines the session writes by itself (background work), at most
    /// `timeout`; returns what came.
    func lines(_ count: Int, within timeout: Duration = .seconds(5)) async -> [String] {
        let deadline = ContinuousClock.now + timeout
        var lines = sink.drain()
        while lines.count < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            lines += sink.drain()
        }
        return lines
    }

    /// A request line with `id`.
    static func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
        let paramsMember = params.map { #","params":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(paramsMember)}"#
    }

    /// A `view.event` line with `id`.
    static func event(_ id: Int, _ scene: String, _ event: String, _ data: String? = nil) -> String {
        let dataMember = data.map { #","data":\#($0)"# } ?? ""
        return request(id, "view.event", #"{"scene":"\#(scene)","event":"\#(event)"\#(dataMember)}"#)
    }

    /// Sends a request with id 1.
    func call(_ method: String, _ params: String? = nil) async -> [String] {
        let paramsMember = params.map { #","params":\#($0)"# } ?? ""
        return await send(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)"\#(paramsMember)}"#)
    }

    /// Initializes at a fixed instant, speaking `version` (the newest when nil), and starts the
    /// probe app.
    func start(now: String = "2026-11-22T09:00:00Z", version: String? = nil) async {
        let versionMember = version.map { #","protocolVersion":"\#($0)""# } ?? ""
        _ = await call("initialize", #"{"now":"\#(now)"\#(versionMember)}"#)
        _ = await call("app.start", #"{"app":"probe"}"#)
    }

    func event(_ scene: String, _ event: String, _ data: String? = nil) async -> [String] {
        let dataMember = data.map { #","data":\#($0)"# } ?? ""
        return await call("view.event", #"{"scene":"\#(scene)","event":"\#(event)"\#(dataMember)}"#)
    }
}

/// `expectNoDifference` for lines that were awaited: its autoclosures cannot await.
func expectLines(
    _ actual: [String], _ expected: [String],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectNoDifference(actual, expected, fileID: fileID, filePath: filePath, line: line, column: column)
}
