import ViperCore

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
    }

    func play(startedAt start: ContinuousClock.Instant) async -> TranscriptResult {
        let connection: any EngineConnection
        do {
            connection = try engine.connect(for: transcript)
        } catch {
            return result(.failed, failure(error.description), start)
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
        if rewrites.isEmpty { return result(.passed, nil, start) }
        return TranscriptResult(
            path: transcript.path, outcome: .updated(steps: rewrites.count), failure: nil, duration: .now - start,
            rewrittenText: TranscriptRewriter.text(of: transcript, replacing: rewrites))
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
        switch step.request {
        case .call(let template):
            guard case .object(var members) = try? progress.captures.substitute(into: template) else {
                let unbound = (try? progress.captures.substitute(into: template)) == nil
                return failed(unbound ? "a {{name}} marker is used before an expected line captured it" : "the request is not an object")
            }
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
        }

        let actual: [String]
        do {
            actual = try await connection.exchange(line, responseID: awaitsResponse ? requestID : nil)
        } catch {
            return failed(error.description)
        }

        let comparison = StepComparison(expected: step.expectations, actual: actual, requestID: requestID, captures: &progress.captures)
        guard step.hasExpectation else {
            if mayRewrite { return .rewritten(TranscriptRewriter.newLines(for: comparison, old: step)) }
            let how = isCI
                ? "CI is set, so nothing is recorded; record them locally with `viper test --update \(transcript.path)`"
                : "record them with `viper test --update \(transcript.path)`"
            return failed("no expected lines for this request; \(how)", actual: actual)
        }
        if step.expectsNothing ? actual.isEmpty : comparison.passed { return .passed }
        if mayRewrite { return .rewritten(TranscriptRewriter.newLines(for: comparison, old: step)) }
        if step.expectsNothing { return failed("expected no output", actual: actual) }
        let firstWrongLine = comparison.rows.lazy.compactMap { row -> Int? in
            if case .expectedOnly(_, let line) = row { line } else { nil }
        }.first
        return failed("the engine answered differently", rows: comparison.rows, line: firstWrongLine ?? step.expectations.last?.lineNumber)
    }

    private func failure(_ message: String) -> TranscriptFailure {
        TranscriptFailure(location: transcript.path, request: nil, message: message, rows: [], actualLines: [])
    }

    private func result(_ outcome: TranscriptResult.Outcome, _ failure: TranscriptFailure?, _ start: ContinuousClock.Instant) -> TranscriptResult {
        TranscriptResult(path: transcript.path, outcome: outcome, failure: failure, duration: .now - start, rewrittenText: nil)
    }
}
