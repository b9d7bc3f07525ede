import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// A View in this process that performs the apps' HTTP itself (`capabilities.effects:
/// ["http"]`) and keeps every step as a transcript: what the REPL and `mcp` both are.
///
/// Because every request the apps make and every answer they get passes through here, a
/// recording scripts them with `> reply`, and replays the same bytes without a server, on any
/// day: what a session learns from outside is in its recording.
///
/// Requests take turns, as a person's taps would: a step and the HTTP it asks for are done
/// before the next begins, and replies to the requests of background work (a live feed's long
/// poll) are sent between steps. Otherwise the recording would not replay in order.
actor ViewSession {
    /// What one step caused.
    struct Outcome: Sendable {
        /// The request's id.
        let id: Int
        /// The lines the step caused, its response last when it has one.
        let lines: [String]
        /// What background work wrote since the step before (renders of a live feed).
        let meanwhile: [String]
        /// The HTTP requests performed since the step before, the step's and background work's.
        let effects: [PerformedEffect]
        /// Whether the View cancelled the request while it ran.
        let wasCancelled: Bool

        /// The response's `result`, if the request succeeded.
        var result: JSONValue? { if case .success(let result)? = response { result } else { nil } }
        /// The response's `error`, if the request failed.
        var error: ResponseError? { if case .failure(let error)? = response { error } else { nil } }

        private var response: Result<JSONValue, ResponseError>? {
            if case .response(_, let outcome)? = lines.last.map(EngineMessage.init(line:)) { outcome } else { nil }
        }
    }

    private let session: RecordedSession
    private let performer: HTTPEffectPerformer
    /// Told of what background work wrote, and of what replies to its requests caused, as soon
    /// as it is taken: the REPL draws it at once.
    private var onBackground: @Sendable ([String]) async -> Void = { _ in }
    /// Lines background work wrote that no outcome reported yet, and the HTTP it asked for.
    private var unseen: [String] = []
    private var backgroundEffects: [PerformedEffect] = []
    /// Effects of background work being performed, by the engine's request id.
    private var performing: [String: Task<Void, Never>] = [:]
    private var watcher: Task<Void, Never>?
    private var busy = false
    private var turnWaiters: [CheckedContinuation<Void, Never>] = []
    /// The request the step in its turn performs, the HTTP it waits on, and whether the View
    /// asked to cancel it.
    private var running: (id: Int, http: Task<(answer: JSONValue, isError: Bool), Never>?, cancelled: Bool)?

    /// A View of a session of `engine` that performs HTTP through `http`.
    init(engine: Engine, http: any HTTPClient) {
        self.init(session: RecordedSession(engine: engine), http: http)
    }

    /// A View of the engine at the other end of `connection` (`viper dev`'s engine process).
    init(connection: any EngineConnection, http: any HTTPClient) {
        self.init(session: RecordedSession(connection: connection), http: http)
    }

    private init(session: RecordedSession, http: any HTTPClient) {
        self.session = session
        performer = HTTPEffectPerformer(http: http)
    }

    /// Sends `initialize` with `settings` (`now`, `timeZone`, …) and the effects this View
    /// performs, then watches for what background work writes, which `onBackground` is told.
    func open(settings: InitializeRequest, onBackground: @escaping @Sendable ([String]) async -> Void) async -> Outcome {
        self.onBackground = onBackground
        var settings = settings
        settings.capabilities = .init(effects: ["http"])
        let opened = await perform(settings)
        watchBackground(onBackground)
        return opened
    }

    /// From now on, takes what background work writes, and tells `onBackground` of it.
    func watchBackground(_ onBackground: @escaping @Sendable ([String]) async -> Void) {
        self.onBackground = onBackground
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                await self?.collectBackground()
            }
        }
    }

    /// The requests sent so far, each with what it caused (`RecordedSession.sentRequests`).
    var sentRequests: [RecordedSession.SentRequest] {
        get async { await session.sentRequests }
    }

    /// Sends again a request another session sent, and performs the HTTP it asks for until it
    /// is answered: `viper dev`'s replay, into a new engine, of what the View did.
    func replay(_ request: RecordedSession.SentRequest) async -> Outcome {
        guard !request.isRaw else { return await performRaw(request.line) }
        await waitForTurn()
        await takeBackgroundLines()
        let id = (try? JSONParser.parse(Array(request.line.utf8)))?["id"].flatMap { if case .number(let n) = $0 { Int(exactly: n) } else { nil } } ?? 0
        running = (id, nil, false)
        return await finish(id: id, first: await session.call(line: request.line))
    }

    /// The result of a request that changes nothing and sends the View no request
    /// (`engine.describe`), left out of the recording: a transcript that pinned every app's
    /// description would break whenever an app grows.
    func ask(_ request: some ViewRequest) async -> JSONValue? {
        await waitForTurn()
        defer { endTurn() }
        guard case .response(_, .success(let result))? = await session.call(request, recorded: false).messages.last else { return nil }
        return result
    }

    /// Sends `request` and performs the HTTP it asks for until it is answered.
    func perform(_ request: some ViewRequest) async -> Outcome {
        await waitForTurn()
        let (id, first) = await send(request)
        return await finish(id: id, first: first)
    }

    /// Sends a line exactly as typed; a request among it is followed to its answer as
    /// `perform` follows one.
    func performRaw(_ line: String) async -> Outcome {
        await waitForTurn()
        await takeBackgroundLines()
        let request = try? JSONParser.parse(Array(line.utf8))
        let id: Int? = if case .number(let number)? = request?["id"], request?["method"] != nil { Int(exactly: number) } else { nil }
        if let id { running = (id, nil, false) }
        let first = await session.raw(line)
        return await finish(id: id ?? 0, first: first)
    }

    /// Sends `request` without waiting for its answer (the REPL's `&`): returns
    /// once it is sent, with its id and what it caused at once; the rest of it, HTTP included,
    /// goes on in its turn, each further step's lines handed to `progress`, its whole outcome
    /// in the task.
    func begin(
        _ request: some ViewRequest, progress: @escaping @Sendable ([String]) async -> Void
    ) async -> (id: Int, firstLines: [String], outcome: Task<Outcome, Never>) {
        await waitForTurn()
        let (id, first) = await send(request)
        let outcome = Task { await self.finish(id: id, first: first, progress: progress) }
        return (id, first.lines, outcome)
    }

    /// What came of asking to cancel a request.
    enum Cancellation: Sendable {
        /// No step was performing it.
        case notRunning
        /// It waited on HTTP, which was abandoned; the `$/cancelRequest` is recorded as the raw
        /// line a replay sends, so the recording replays.
        case recorded
        /// It waited on the engine, which was sent the `$/cancelRequest` at once, outside the
        /// recording: a replay plays that request to its end.
        case unrecorded
    }

    /// Cancels the request `id` if a step is performing it (nil: whichever is), as
    /// `$/cancelRequest`.
    @discardableResult
    func cancel(_ id: Int? = nil) async -> Cancellation {
        guard var running, id == nil || running.id == id else { return .notRunning }
        running.cancelled = true
        self.running = running
        if let http = running.http {
            http.cancel()
            return .recorded
        }
        await session.sendUnrecorded(Self.cancelLine(running.id))
        return .unrecorded
    }

    /// Ends the session: background work stops, and the recording is complete.
    func close() async {
        watcher?.cancel()
        // What background work wrote since the last step belongs in the recording: a replay
        // that met those lines after its last step would fail.
        await waitForTurn()
        await takeBackgroundLines()
        endTurn()
        for task in performing.values { task.cancel() }
        await session.close()
    }

    /// Ends the session without telling anyone what background work wrote last: `dev` leaves
    /// this engine for a rebuilt one, on which the session goes on.
    func leave() async {
        onBackground = { _ in }
        await close()
    }

    /// The transcript of the session so far (see `RecordedSession.transcript`).
    func transcript(engineOptions: [String], comments: [String], redact: sending (String) -> String) async -> String {
        await session.transcript(engineOptions: engineOptions, comments: comments, redact: redact)
    }

    /// How many steps the transcript has.
    var stepCount: Int {
        get async { await session.stepCount }
    }

    // MARK: - A step

    /// Takes what background work wrote, then sends the request: in a turn the caller holds.
    private func send(_ request: some ViewRequest) async -> (Int, RecordedSession.Step) {
        await takeBackgroundLines()
        let id = await session.nextRequestID
        running = (id, nil, false)
        return (id, await session.call(request))
    }

    /// Performs the HTTP the step asks for until the request is answered, then ends the turn.
    private func finish(id: Int, first: RecordedSession.Step, progress: (@Sendable ([String]) async -> Void)? = nil) async -> Outcome {
        defer {
            running = nil
            endTurn()
        }
        var step = first
        var lines = step.lines
        var effects: [PerformedEffect] = []
        var answered: Set<String> = []
        // The step ends at a request the engine sends the View: answer it, then read on.
        while let (effectID, effect) = step.engineRequest {
            answered.insert(JSONWriter.string(effectID))
            let http = Task { [performer] in await performer.reply(to: effect) }
            running?.http = http
            let (answer, isError) = await http.value
            running?.http = nil
            if running?.cancelled == true {
                // The View gave up on the request: the engine is told, and takes its effect back.
                effects.append(Self.performed(effect, answer: ["message": "cancelled by the View"], isError: true, isBackground: false))
                step = await session.raw(Self.cancelLine(id), responseID: .number(Double(id)))
            } else {
                effects.append(Self.performed(effect, answer: answer, isError: isError, isBackground: false))
                guard let next = await session.reply(to: effectID, with: answer, isError: isError) else { break }
                step = next
            }
            lines += step.lines
            await progress?(step.lines)
        }
        // Background work may have asked for HTTP among the step's lines (a live feed's next poll).
        await startPerforming(lines, except: answered)
        defer {
            unseen.removeAll()
            backgroundEffects.removeAll()
        }
        return Outcome(id: id, lines: lines, meanwhile: unseen, effects: backgroundEffects + effects, wasCancelled: running?.cancelled == true)
    }

    private static func cancelLine(_ id: Int) -> String {
        CancelRequestNotification(id: .number(Double(id))).line(id: nil)
    }

    // MARK: - Background work

    private func collectBackground() async {
        guard !busy else { return }
        await waitForTurn()
        defer { endTurn() }
        await takeBackgroundLines()
    }

    /// Records what background work wrote as a step of its own, tells `onBackground`, and
    /// starts performing the HTTP it asked for.
    private func takeBackgroundLines() async {
        guard let step = await session.takeBackgroundLines() else { return }
        unseen += step.lines
        await onBackground(step.lines)
        await startPerforming(step.lines)
    }

    /// Starts performing, each in a task of its own, the HTTP requests among `lines` that the
    /// engine still waits for, but those in `except`; stops those the engine took back
    /// (`$/cancelRequest`). Each reply is sent in a turn of its own when its answer comes.
    private func startPerforming(_ lines: [String], except: Set<String> = []) async {
        for message in lines.map(EngineMessage.init(line:)) {
            if case .cancel(let id) = message {
                performing.removeValue(forKey: JSONWriter.string(id))?.cancel()
            }
            guard case .effect(let id, let effect) = message, !except.contains(JSONWriter.string(id)), await session.waitsForReply(to: id)
            else { continue }
            performing[JSONWriter.string(id)] = Task { [weak self, performer] in
                let (answer, isError) = await performer.reply(to: effect)
                guard !Task.isCancelled else { return }
                await self?.answerBackground(effect, id: id, answer: answer, isError: isError)
            }
        }
    }

    private func answerBackground(_ effect: EffectHTTPRequest, id: JSONValue, answer: JSONValue, isError: Bool) async {
        await waitForTurn()
        defer { endTurn() }
        performing[JSONWriter.string(id)] = nil
        backgroundEffects.append(Self.performed(effect, answer: answer, isError: isError, isBackground: true))
        guard let step = await session.reply(to: id, with: answer, isError: isError) else { return }
        unseen += step.lines
        if !step.lines.isEmpty { await onBackground(step.lines) }
        await startPerforming(step.lines)
    }

    private static func performed(_ effect: EffectHTTPRequest?, answer: JSONValue, isError: Bool, isBackground: Bool) -> PerformedEffect {
        let method = effect?.method ?? "?"
        let url = effect?.url ?? "?"
        let outcome: String = if isError {
            "failed: " + ({ if case .string(let text)? = answer["message"] { text } else { "?" } }())
        } else if case .number(let status)? = answer["status"] {
            "HTTP \(Int(status))"
        } else {
            "answered"
        }
        return PerformedEffect(method: method, url: url, outcome: outcome, isBackground: isBackground)
    }

    // MARK: - Turns

    /// Waits until no other step runs: a step's effects and a background reply must not
    /// interleave, or the recording would not replay in order.
    private func waitForTurn() async {
        if busy {
            await withCheckedContinuation { turnWaiters.append($0) }
        }
        busy = true
    }

    private func endTurn() {
        if turnWaiters.isEmpty {
            busy = false
        } else {
            // The turn passes straight to the next waiter, still busy.
            turnWaiters.removeFirst().resume()
        }
    }
}
