import ViperCore
import ViperJSON

/// Plays one transcript against one engine connection, step by step.
struct TranscriptPlayback {
    let transcript: Transcript
    let engine: TranscriptEngine
    /// Whether mismatched and missing expectations are rewritten instead of failing.
    let mayRewrite: Bool
    let isCI: Bool

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
        /// Ids of the requests the engine sent the View that no `> reply` answered yet, oldest
        /// first.
        var engineRequests: [JSONValue] = []
        /// The id of the request the engine sent the View with the last line of the step
        /// before, if that step ended with one: the request a `> reply` then answers, even
        /// when an older one is still open (a live feed's long poll that nobody answers).
        var endingRequest: JSONValue?
        /// The id of the View's request that waits for those replies before it is answered,
        /// and its method.
        var openRequestID: JSONValue?
        var openRequestMethod: String?
        /// Every line the engine wrote so far.
        var wire: [WireLogEntry] = []
    }

    func play(startedAt start: ContinuousClock.Instant) async -> TranscriptResult {
        let connection: any EngineConnection
        do {
            connection = try engine.connect(for: transcript)
        } catch {
            return result(.failed, failure(error.description), start)
        }
        guard !transcript.steps.isEmpty else {
            return result(.failed, failure("the transcript has no requests, so it tests nothing"), start)
        }
        var progress = Progress()
        var rewrites: [Int: [TranscriptRewriter.NewLine]] = [:]
        for (index, step) in transcript.steps.enumerated() {
            switch await play(step, on: connection, progress: &progress) {
            case .passed:
                continue
            case .rewritten(let lines):
                rewrites[index] = lines
            case .failed(let failure):
                // Later steps would only repeat the damage; stop here.
                return result(.failed, failure, start)
            }
        }
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
            guard !progress.engineRequests.isEmpty else {
                return failed("nothing to reply to: the engine has sent no request that waits for an answer")
            }
            let answer: JSONValue
            do {
                answer = try progress.captures.substitute(into: template)
            } catch {
                return failed("{{\(error.name)}} is used before an expected line captured it")
            }
            let id = progress.endingRequest.flatMap { progress.engineRequests.contains($0) ? $0 : nil } ?? progress.engineRequests[0]
            progress.engineRequests.removeAll { $0 == id }
            line = JSONWriter.encode(["jsonrpc": "2.0", "id": id, isError ? "error" : "result": answer])
            // What the reply lets go on ends with the response to the request that waited.
            requestID = progress.openRequestID ?? .null
            awaitsResponse = progress.openRequestID != nil
        case .wait(let timeout):
            line = []
            requestID = .null
            waitFor = timeout
        }

        let actual: [String]
        do {
            if let waitFor {
                actual = try await connection.awaitLines(step.hasExpectation ? step.expectations.count : nil, timeout: waitFor)
            } else {
                actual = try await connection.exchange(line, responseID: awaitsResponse ? requestID : nil)
            }
        } catch {
            return failed(error.description)
        }
        let method: String?
        switch step.request {
        case .call(let request): method = request["method"].flatMap { if case .string(let name) = $0 { name } else { nil } }
        case .reply: method = progress.openRequestMethod
        case .raw, .wait: method = nil
        }
        progress.wire += actual.map { WireLogEntry(line: $0, method: method) }
        note(actual, answering: requestID, method: method, in: &progress)

        let comparison = StepComparison(expected: step.expectations, actual: actual, requestID: requestID, captures: &progress.captures)
        func rewrite() -> Verdict {
            guard let lines = TranscriptRewriter.newLines(for: comparison, old: step, requestID: requestID) else {
                return failed("the engine wrote a line that is not JSON, which no transcript can expect", actual: actual)
            }
            return .rewritten(lines)
        }
        guard step.hasExpectation else {
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

    /// Keeps track of the requests the engine sent the View and has not cancelled, and of the
    /// View's request that waits for their replies: it is open until a line answers it.
    private func note(_ actual: [String], answering requestID: JSONValue, method: String?, in progress: inout Progress) {
        progress.endingRequest = actual.last.flatMap { try? JSONParser.parse(Array($0.utf8)) }.flatMap { $0.isEngineRequest ? $0["id"] : nil }
        for line in actual {
            guard let value = try? JSONParser.parse(Array(line.utf8)) else { continue }
            if value.isEngineRequest, let id = value["id"] {
                progress.engineRequests.append(id)
                if requestID != .null {
                    progress.openRequestID = requestID
                    progress.openRequestMethod = method
                }
            } else if value["method"] == .string("$/cancelRequest"), let cancelled = value["params"]?["id"] {
                // The engine no longer wants that answer: the next `> reply` is for the one after.
                progress.engineRequests.removeAll { $0 == cancelled }
            } else if value["method"] == nil, value["id"] == progress.openRequestID {
                progress.openRequestID = nil
            }
        }
    }

    private func failure(_ message: String) -> TranscriptFailure {
        TranscriptFailure(location: transcript.path, request: nil, message: message, rows: [], actualLines: [])
    }

    private func result(_ outcome: TranscriptResult.Outcome, _ failure: TranscriptFailure?, _ start: ContinuousClock.Instant) -> TranscriptResult {
        TranscriptResult(path: transcript.path, outcome: outcome, failure: failure, duration: .now - start, rewrittenText: nil)
    }
}
