import ViperCore
import ViperJSON

/// An engine session in this process that a program drives step by step, the way a transcript
/// drives one, and that writes what happened as a transcript which replays the same way: what
/// an agent explores (`viper mcp --record`) becomes a golden test a team keeps.
///
/// Each step's lines end where a replay's would (at the response, or at a request the engine
/// sends the View), and replies to the engine's requests are written as `> reply` when a replay
/// would send them to the same request.
package actor RecordedSession {
    /// One step: what was sent and the lines it caused.
    package struct Step: Sendable {
        /// The lines the engine wrote, in order.
        package let lines: [String]

        /// The lines, each read as what it says.
        package var messages: [EngineMessage] { lines.map(EngineMessage.init(line:)) }

        /// The request the engine sent the View with the step's last line, if it ended with one:
        /// its id, and the HTTP it asks for (nil when its params do not read, which the View
        /// must still answer).
        package var engineRequest: (id: JSONValue, effect: EffectHTTPRequest?)? {
            guard let last = lines.last, let value = try? JSONParser.parse(Array(last.utf8)), value.isEngineRequest, let id = value["id"] else {
                return nil
            }
            if case .effect(_, let effect) = EngineMessage(value) { return (id, effect) }
            return (id, nil)
        }
    }

    /// A step as the transcript will write it.
    private enum Recorded {
        case call(line: String, output: [String])
        case reply(JSONValue, isError: Bool, output: [String], requestID: JSONValue)
        case raw(line: String, output: [String])
        case wait(output: [String])
    }

    /// A request the View sent, as a later engine is sent it again (`viper dev`'s replay).
    package struct SentRequest: Sendable {
        /// The line as it was sent.
        package let line: String
        /// Whether it was sent as typed (`>>`), not as a request the View built.
        package let isRaw: Bool
        /// Every line it caused, through the replies to the HTTP it asked for, its response last.
        package let lines: [String]
    }

    private nonisolated let connection: any EngineConnection
    private var engineRequests = EngineRequestTracker()
    private var steps: [Recorded] = []
    private var nextID = 1
    private var unrecordedCount = 0

    /// A session of `engine`.
    package init(engine: Engine) {
        connection = SessionConnection(engine: engine)
    }

    /// A session over `connection`: an engine in a process of its own.
    package init(connection: any EngineConnection) {
        self.connection = connection
    }

    /// Sends `request`, and returns its lines: up to its response, or up to a request the
    /// engine sends the View and waits on (answer it with `reply`).
    /// Unless `recorded`, the step stays out of the transcript: only for a request that changes
    /// nothing and sends the View no request (`engine.describe`).
    package func call(_ request: some ViewRequest, recorded: Bool = true) async -> Step {
        // Recorded requests are numbered 1, 2, 3… as a replay numbers them, so that a line that
        // names one (a `$/cancelRequest`) names the same request in the replay.
        let id: JSONValue
        if recorded {
            id = .number(Double(nextID))
            nextID += 1
        } else {
            unrecordedCount += 1
            id = .string("unrecorded:\(unrecordedCount)")
        }
        let line = request.line(id: id)
        let output = await exchange(line, responseID: id)
        guard recorded else { return Step(lines: output) }
        engineRequests.note(output, answering: id, method: request.wireMethod.rawValue)
        steps.append(.call(line: line, output: output))
        return Step(lines: output)
    }

    /// Sends `line`, a request line another session's `call` sent, as that call sent it, and
    /// records it the same way: a replay numbers its requests as the session it replays did.
    package func call(line: String) async -> Step {
        let request = try? JSONParser.parse(Array(line.utf8))
        let id = request?["id"] ?? .null
        if case .number(let number) = id, let sent = Int(exactly: number) { nextID = max(nextID, sent + 1) }
        let output = await exchange(line, responseID: id)
        let method: String? = if case .string(let name)? = request?["method"] { name } else { nil }
        engineRequests.note(output, answering: id, method: method)
        steps.append(.call(line: line, output: output))
        return Step(lines: output)
    }

    /// The requests the View sent so far, in order, each with what it caused; what background
    /// work wrote by itself is left out, as are the View's replies, which a replay makes anew.
    package var sentRequests: [SentRequest] {
        var sent: [SentRequest] = []
        for step in steps {
            switch step {
            case .call(let line, let output): sent.append(SentRequest(line: line, isRaw: false, lines: output))
            case .raw(let line, let output) where (try? JSONParser.parse(Array(line.utf8)))?["method"] != nil:
                sent.append(SentRequest(line: line, isRaw: true, lines: output))
            case .reply(_, _, let output, _), .raw(_, let output):
                // A reply, sent raw when a replay's `> reply` would answer another request.
                guard let last = sent.popLast() else { continue }
                sent.append(SentRequest(line: last.line, isRaw: last.isRaw, lines: last.lines + output))
            case .wait: continue
            }
        }
        return sent
    }

    /// Sends `line` exactly as given, and returns its lines: up to the response of the request
    /// `responseID` when given (a `$/cancelRequest` the View sends for a request in progress
    /// ends with that request's answer), else, for a request line, up to its own response or a
    /// request the engine sends the View, else whatever it caused once the session settled.
    /// It is written as a raw step (`>> LINE`), which a replay sends as it is.
    package func raw(_ line: String, responseID: JSONValue? = nil) async -> Step {
        let request = try? JSONParser.parse(Array(line.utf8))
        let ownID = request.flatMap { $0["method"] != nil ? $0["id"] : nil }
        let output = await exchange(line, responseID: responseID ?? ownID)
        let method: String? = if case .string(let name)? = request?["method"] { name } else { nil }
        engineRequests.note(output, answering: ownID ?? .null, method: method)
        steps.append(.raw(line: line, output: output))
        return Step(lines: output)
    }

    /// Hands the engine `line` without recording it or reading what it causes: a
    /// `$/cancelRequest` sent while a step waits on the engine (its lines end that step).
    package nonisolated func sendUnrecorded(_ line: String) async {
        await connection.accept(Array(line.utf8))
    }

    /// The id the next request will be sent with.
    package var nextRequestID: Int { nextID }

    /// Whether the engine still waits for a reply to its request `id`: it may have cancelled it.
    package func waitsForReply(to id: JSONValue) -> Bool {
        engineRequests.openEngineRequests.contains(id)
    }

    /// Answers the engine's request `id` with a result (or an error object), and returns what
    /// followed: up to the response of the View's request that waited for it, if one did. Nil,
    /// sending nothing, when the engine no longer waits for that reply.
    package func reply(to id: JSONValue, with answer: JSONValue, isError: Bool) async -> Step? {
        guard waitsForReply(to: id) else { return nil }
        let line = EffectHTTPRequest.replyLine(to: id, with: answer, isError: isError)
        guard engineRequests.replyTarget == id else {
            // A replay's `> reply` would answer another request: send it as a raw line, which a
            // replay sends as it is, and follow it as a replay follows one.
            let output = await exchange(line, responseID: nil)
            engineRequests.note(output, answering: id, method: nil)
            steps.append(.raw(line: line, output: output))
            return Step(lines: output)
        }
        engineRequests.replied(to: id)
        let waiting = engineRequests.waitingRequestID
        // As a replay does: an answer to background work reads nothing; what it lets happen is
        // taken by `takeBackgroundLines`.
        let output = waiting == nil ? await send(line) : await exchange(line, responseID: waiting)
        engineRequests.note(output, answering: waiting ?? .null, method: engineRequests.waitingRequestMethod)
        steps.append(.reply(answer, isError: isError, output: output, requestID: waiting ?? .null))
        return Step(lines: output)
    }

    /// What the engine wrote by itself (background work) since the last step, recorded as a
    /// `> wait`; nil when it wrote nothing.
    package func takeBackgroundLines() async -> Step? {
        let output = (try? await connection.awaitLines(nil, timeout: .zero)) ?? []
        guard !output.isEmpty else { return nil }
        engineRequests.note(output, answering: .null, method: nil)
        steps.append(.wait(output: output))
        return Step(lines: output)
    }

    /// Ends the session as a View does, closing its input.
    package func close() async {
        try? await connection.close()
    }

    /// How many steps were taken.
    package var stepCount: Int { steps.count }

    /// The transcript of every step so far, for an engine started with `engineOptions`, opened
    /// with comment lines; `redact` rewrites each line sent and each line the engine wrote
    /// before it is written (to keep secrets out of the file).
    package func transcript(engineOptions: [String], comments: [String], redact: sending (String) -> String = { $0 }) -> String {
        var recorder = TranscriptRecorder(engineOptions: engineOptions, comments: comments)
        for step in steps {
            switch step {
            case .call(let line, let output):
                recorder.record(sent: redact(line), raw: false, output: output.map(redact))
            case .raw(let line, let output):
                recorder.record(sent: redact(line), raw: true, output: output.map(redact))
            case .reply(let answer, let isError, let output, let requestID):
                let redactedAnswer = (try? JSONParser.parse(Array(redact(JSONWriter.string(answer)).utf8))) ?? answer
                recorder.recordReply(redactedAnswer, isError: isError, output: output.map(redact), requestID: requestID)
            case .wait(let output):
                recorder.recordWait(output: output.map(redact))
            }
        }
        return recorder.text
    }

    private func send(_ line: String) async -> [String] {
        try? await connection.send(Array(line.utf8))
        return []
    }

    private func exchange(_ line: String, responseID: JSONValue?) async -> [String] {
        // Only a process's pipes can fail an exchange; a session in this process never does.
        (try? await connection.exchange(Array(line.utf8), responseID: responseID)) ?? []
    }
}
