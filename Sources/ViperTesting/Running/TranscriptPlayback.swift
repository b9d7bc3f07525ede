import ViperCore
import ViperJSON

/// Plays one transcript against one engine connection, step by step.
struct TranscriptPlayback {
    let transcript: Transcript
    /// Opens a connection to a new session for the transcript (`TranscriptEngine.connect`).
    let connect: @Sendable (Transcript) throws(EngineFailure) -> any EngineConnection
    /// Whether mismatched and missing expectations are rewritten instead of failing.
    let mayRewrite: Bool
    let isCI: Bool
    /// How long the transcript may take, each time it is played: one that does not settle
    /// fails, naming the step it stopped at.
    let timeout: Duration
    /// The apps' own rules, checked when the transcript pins `app-invariants`.
    let appInvariants: [AppInvariant]

    /// What became of one step.
    private enum Verdict {
        case passed
        case rewritten([TranscriptRewriter.NewLine])
        case failed(TranscriptFailure)
    }

    /// The state a transcript carries from step to step.
    private struct Progress {
        var captures = Captures()
        var nextID = 1
        var engineRequests = EngineRequestTracker()
        /// Every line the engine wrote so far.
        var wire: [WireLogEntry] = []
        /// Follows the session for the invariants the transcript pins, once `engine.describe`
        /// answered.
        var checker: InvariantChecker?
    }

    func play(startedAt start: ContinuousClock.Instant) async -> TranscriptResult {
        var played = await playOnce(startedAt: start)
        guard played.failure == nil, transcript.checks.contains(.sameBytesOnReplay) else { return played }
        // The invariant is about two sessions: the same steps again must give the same bytes.
        let again = await playOnce(startedAt: start)
        if let failure = again.failure { return again.with(failure: failure) }
        if let difference = WireDifference(played.wire.map(\.line), again.wire.map(\.line)) {
            let message = "broke the invariant same-bytes-on-replay (\(Invariant.sameBytesOnReplay.summary)): \(difference.message)"
            played = played.with(failure: TranscriptFailure(
                location: transcript.path, request: nil, message: message, rows: [], actualLines: [difference.first, difference.second]))
        }
        return played
    }

    /// Plays the steps once, within `timeout`: past it, the connection is given up and the
    /// transcript fails at the step that had not settled.
    private func playOnce(startedAt start: ContinuousClock.Instant) async -> TranscriptResult {
        let progress = PlaybackProgress()
        let timeout = timeout
        return await Self.race(timeout, { await self.playSteps(startedAt: start, progress: progress) }) {
            let (index, connection) = progress.current
            connection?.abandon()
            let step = index.map { transcript.steps[$0] }
            let seconds = timeout.components.seconds
            return self.result(.failed, TranscriptFailure(
                location: step.map { "\(transcript.path):\($0.lineNumber)" } ?? transcript.path, request: step?.requestText,
                message: "did not settle within \(seconds) s (--timeout): no answer came, or the engine kept waiting; this step is where it stopped",
                rows: [], actualLines: []), start)
        }
    }

    /// `work`'s value, or `timedOut()`'s when `limit` passes first; work that is late goes on,
    /// given up.
    private static func race(
        _ limit: Duration, _ work: @escaping @Sendable () async -> TranscriptResult, timedOut: @escaping @Sendable () -> TranscriptResult
    ) async -> TranscriptResult {
        await withCheckedContinuation { continuation in
            let answer = PlaybackProgress.Once()
            let worker = Task {
                let value = await work()
                if answer.claim() { continuation.resume(returning: value) }
            }
            Task {
                try? await Task.sleep(for: limit)
                guard answer.claim() else { return }
                worker.cancel()
                continuation.resume(returning: timedOut())
            }
        }
    }

    private func playSteps(startedAt start: ContinuousClock.Instant, progress tracker: PlaybackProgress) async -> TranscriptResult {
        let connection: any EngineConnection
        do {
            connection = try connect(transcript)
        } catch {
            return result(.failed, failure(error.description), start)
        }
        tracker.began(connection)
        guard !transcript.steps.isEmpty else {
            return result(.failed, failure("the transcript has no requests, so it tests nothing"), start)
        }
        var progress = Progress()
        var rewrites: [Int: [TranscriptRewriter.NewLine]] = [:]
        for (index, step) in transcript.steps.enumerated() {
            tracker.playing(index)
            let verdict = await play(step, on: connection, progress: &progress)
            if index == 0, !transcript.checks.isEmpty, case .passed = verdict {
                // After `initialize`, the contracts the checks read.
                let id: JSONValue = "viper-test-describe"
                guard let lines = try? await connection.exchange(Array(EngineDescribeRequest().line(id: id).utf8), responseID: id),
                    case .response(_, .success(let result))? = lines.last.map(EngineMessage.init(line:))
                else {
                    return result(.failed, failure("the engine did not answer engine.describe, which the invariants read"), start)
                }
                progress.checker = InvariantChecker(description: SessionDescription(result), appInvariants: appInvariants)
            }
            switch verdict {
            case .passed:
                continue
            case .rewritten(let lines):
                rewrites[index] = lines
            case .failed(let failure):
                // Later steps would only repeat the damage; stop here.
                return result(.failed, failure, start)
            }
        }
        tracker.playing(nil)
        do {
            try await connection.close()
        } catch {
            return result(.failed, failure(error.description), start)
        }
        var played = rewrites.isEmpty
            ? result(.passed, nil, start)
            : TranscriptResult(
                path: transcript.path, outcome: .updated(steps: rewrites.count), failure: nil, duration: .now - start,
                rewrittenText: TranscriptRewriter.text(of: transcript, replacing: rewrites))
        played.wire = progress.wire
        return played
    }

    private func play(_ step: TranscriptStep, on connection: any EngineConnection, progress: inout Progress) async -> Verdict {
        func failed(_ message: String, rows: [StepComparison.Row] = [], actual: [String] = [], line: Int? = nil) -> Verdict {
            .failed(TranscriptFailure(
                location: "\(transcript.path):\(line ?? step.lineNumber)", request: step.requestText, message: message,
                rows: rows, actualLines: actual))
        }

        let line: [UInt8]
        let requestID: JSONValue
        var awaitsResponse = true
        var waitFor: Duration?
        switch step.request {
        case .call(let template):
            let request: JSONValue
            do {
                request = try progress.captures.substitute(into: template)
            } catch {
                return failed("{{\(error.name)}} is used before an expected line captured it")
            }
            // The parser only accepts requests that are objects.
            guard case .object(var members) = request else { preconditionFailure("a request that is not an object") }
            if members["jsonrpc"] == nil { members["jsonrpc"] = "2.0" }
            if members["id"] == nil {
                members["id"] = .number(Double(progress.nextID))
                progress.nextID += 1
            }
            requestID = members["id"]!
            line = JSONWriter.encode(.object(members))
        case .raw(let text):
            line = Array(text.utf8)
            requestID = (try? JSONParser.parse(line))?["id"] ?? .null
            awaitsResponse = false
        case .reply(let template, let isError):
            guard let id = progress.engineRequests.replyTarget else {
                return failed("nothing to reply to: the engine has sent no request that waits for an answer")
            }
            let answer: JSONValue
            do {
                answer = try progress.captures.substitute(into: template)
            } catch {
                return failed("{{\(error.name)}} is used before an expected line captured it")
            }
            progress.engineRequests.replied(to: id)
            line = JSONWriter.encode(["jsonrpc": "2.0", "id": id, isError ? "error" : "result": answer])
            // What the reply lets go on ends with the response to the request that waited.
            requestID = progress.engineRequests.waitingRequestID ?? .null
            awaitsResponse = progress.engineRequests.waitingRequestID != nil
        case .wait(let timeout):
            line = []
            requestID = .null
            waitFor = timeout
        }

        let actual: [String]
        do {
            if let waitFor {
                actual = try await connection.awaitLines(step.hasExpectation ? step.expectations.count : nil, timeout: waitFor)
            } else if case .reply = step.request, !awaitsResponse {
                // Background work's answer: what it lets happen comes by itself, for the
                // `> wait` steps after it, however fast the engine is.
                try await connection.send(line)
                actual = []
            } else {
                actual = try await connection.exchange(line, responseID: awaitsResponse ? requestID : nil)
            }
        } catch {
            return failed(error.description)
        }
        let method: String?
        switch step.request {
        case .call(let request): method = request["method"].flatMap { if case .string(let name) = $0 { name } else { nil } }
        case .reply: method = progress.engineRequests.waitingRequestMethod
        case .raw, .wait: method = nil
        }
        progress.wire += actual.map { WireLogEntry(line: $0, method: method) }
        progress.engineRequests.note(actual, answering: requestID, method: method)
        if var checker = progress.checker {
            let breaches = checker.check(sent: line.isEmpty ? nil : String(decoding: line, as: UTF8.self), output: actual)
            progress.checker = checker
            if let breach = breaches.first(where: { transcript.checks.contains($0.invariant) }) {
                return failed("broke the invariant \(breach.invariant.rawValue) (\(breach.invariant.summary)): \(breach.message)", actual: actual)
            }
        }

        let comparison = StepComparison(expected: step.expectations, actual: actual, requestID: requestID, captures: &progress.captures)
        func rewrite() -> Verdict {
            guard let lines = TranscriptRewriter.newLines(for: comparison, old: step, requestID: requestID) else {
                return failed("the engine wrote a line that is not JSON, which no transcript can expect", actual: actual)
            }
            return .rewritten(lines)
        }
        guard step.hasExpectation else {
            // A transcript that pins invariants checks them, not the output.
            if !transcript.checks.isEmpty { return .passed }
            if mayRewrite { return rewrite() }
            let how = isCI
                ? "CI is set, so nothing is recorded; record them locally with `viper test --update \(transcript.path)`"
                : "record them with `viper test --update \(transcript.path)`"
            return failed("no expected lines for this request; \(how)", actual: actual)
        }
        if step.expectsNothing ? actual.isEmpty : comparison.passed { return .passed }
        if mayRewrite { return rewrite() }
        if step.expectsNothing { return failed("expected no output", actual: actual) }
        // The first expected line that is wrong, or the request when lines were only added.
        let firstWrongLine = comparison.rows.lazy.compactMap { row -> Int? in
            if case .expectedOnly(_, let line) = row { line } else { nil }
        }.first
        return failed("the engine answered differently", rows: comparison.rows, line: firstWrongLine)
    }

    private func failure(_ message: String) -> TranscriptFailure {
        TranscriptFailure(location: transcript.path, request: nil, message: message, rows: [], actualLines: [])
    }

    private func result(_ outcome: TranscriptResult.Outcome, _ failure: TranscriptFailure?, _ start: ContinuousClock.Instant) -> TranscriptResult {
        TranscriptResult(path: transcript.path, outcome: outcome, failure: failure, duration: .now - start, rewrittenText: nil)
    }
}
