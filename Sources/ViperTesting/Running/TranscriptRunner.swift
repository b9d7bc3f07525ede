import ViperCore

public import Foundation

/// Runs transcripts against an engine and reports how each went.
///
/// Each transcript runs in a session of its own, with its own data, starting from the clock its
/// `initialize` sets; transcripts run in parallel, `jobs` at a time.
public struct TranscriptRunner: Sendable {
    /// Where the transcripts run: in this process, or in a process per transcript.
    public let engine: TranscriptEngine
    /// How many transcripts run at once.
    public let jobs: Int
    /// Whether to rewrite expectations from what the engine now answers.
    public let update: Bool
    /// How long one transcript may take (twice, when it is played twice); one that does not
    /// settle fails, naming the step it stopped at.
    public let timeout: Duration

    /// What `timeout` is unless told: a transcript settles in well under a second, and a
    /// minute leaves room for a machine that is slow or busy.
    public static let standardTimeout = Duration.seconds(60)
    /// Whether this is a CI run: missing expectations then always fail, and nothing is rewritten.
    public let isCI: Bool
    /// The program the engine is (`viper`, a host's own command): a transcript written for
    /// another (`$ ProbeServer serve`) is skipped. Nil plays every transcript.
    public let program: String?
    /// The apps' own rules, which a transcript with `! check app-invariants` pins, for the
    /// scenes whose kinds they name.
    public let appInvariants: [AppInvariant]

    /// A runner; without `isCI`, whether the `CI` environment variable is set decides.
    public init(
        engine: TranscriptEngine, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, update: Bool = false,
        isCI: Bool? = nil, program: String? = nil, timeout: Duration = standardTimeout, appInvariants: [AppInvariant] = []
    ) {
        self.engine = engine
        self.appInvariants = appInvariants
        self.timeout = timeout
        self.program = program
        self.jobs = max(1, jobs)
        self.update = update
        self.isCI = isCI ?? Self.ciIsSet(ProcessInfo.processInfo.environment)
    }

    /// Whether an environment marks a CI run: `CI` set to anything but empty, `0` or `false`.
    static func ciIsSet(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// Runs every transcript at or below `paths` and, with `update`, writes rewritten files.
    /// Finding no transcript at all is an error: a run that tests nothing must not pass.
    public func run(paths: [String]) async throws -> TranscriptReport {
        let files = try TranscriptFiles.find(in: paths)
        guard !files.isEmpty else { throw TranscriptFiles.NoneFound(paths: paths) }
        let results = await run(files: files)
        for result in results {
            if let text = result.rewrittenText {
                try Data(text.utf8).write(to: URL(fileURLWithPath: result.path), options: .atomic)
            }
        }
        return TranscriptReport(results: results)
    }

    /// Runs the transcripts and throws a `TranscriptReport` describing every failure if any
    /// failed: the one call a Swift test needs.
    public func verify(_ paths: String...) async throws {
        let report = try await run(paths: paths)
        if report.failedCount > 0 { throw report }
    }

    /// Runs the given files, `jobs` at a time, and returns their results in the files' order.
    func run(files: [String]) async -> [TranscriptResult] {
        await withTaskGroup(of: (Int, TranscriptResult).self) { group in
            var results = [TranscriptResult?](repeating: nil, count: files.count)
            var next = 0
            func startNext() {
                guard next < files.count else { return }
                let (index, file) = (next, files[next])
                group.addTask { (index, await self.run(file: file)) }
                next += 1
            }
            for _ in 0..<jobs { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                startNext()
            }
            return results.map { $0! }
        }
    }

    func run(file: String) async -> TranscriptResult {
        let engine = engine
        return await Self.play(
            file: file, program: program, mayRewrite: update && !isCI, isCI: isCI, timeout: timeout, appInvariants: appInvariants
        ) { transcript throws(EngineFailure) in
            try engine.connect(for: transcript)
        }
    }

    /// Plays the transcript in `file` on the connection `connect` opens for it: for a harness
    /// that carries a transcript's session over something of its own (a WebSocket through a
    /// proxy, killing the process that serves it on the way).
    package static func play(
        file: String, connect: @escaping @Sendable (_ options: [String]) throws(EngineFailure) -> any EngineConnection
    ) async -> TranscriptResult {
        await play(file: file, program: nil, mayRewrite: false, isCI: true, timeout: standardTimeout) { transcript throws(EngineFailure) in
            try connect(transcript.engineOptions)
        }
    }

    private static func play(
        file: String, program: String?, mayRewrite: Bool, isCI: Bool, timeout: Duration, appInvariants: [AppInvariant] = [],
        connect: @escaping @Sendable (Transcript) throws(EngineFailure) -> any EngineConnection
    ) async -> TranscriptResult {
        let start = ContinuousClock.now
        let text: String
        do {
            text = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
        } catch {
            return failed(file, start, TranscriptFailure(location: file, request: nil, message: "cannot read the transcript: \(error.localizedDescription)", rows: [], actualLines: []))
        }
        let transcript: Transcript
        do {
            transcript = try TranscriptParser.parse(text, path: file)
        } catch {
            return failed(file, start, TranscriptFailure(location: "\(error.path):\(error.lineNumber)", request: nil, message: error.reason, rows: [], actualLines: []))
        }
        if let written = transcript.program, let program, written != program {
            let reason = "written for \(written); play it with --exec \"\(written) …\""
            return TranscriptResult(path: file, outcome: .skipped(reason), failure: nil, duration: .now - start, rewrittenText: nil)
        }
        return await TranscriptPlayback(
            transcript: transcript, connect: connect, mayRewrite: mayRewrite, isCI: isCI, timeout: timeout, appInvariants: appInvariants)
            .play(startedAt: start)
    }

    private static func failed(_ file: String, _ start: ContinuousClock.Instant, _ failure: TranscriptFailure) -> TranscriptResult {
        TranscriptResult(path: file, outcome: .failed, failure: failure, duration: .now - start, rewrittenText: nil)
    }
}
