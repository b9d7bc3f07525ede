import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// The View an agent drives over MCP: one engine session in this process, spoken to in real
/// JSON-RPC lines, which performs HTTP itself (`capabilities.effects: ["http"]`) so that every
/// request the apps make and every answer they got is in the recording, scripted.
///
/// Tool calls take their turn one at a time, as a person's taps would; replies to the requests
/// of background work (a live feed's long poll) are sent between them.
actor AgentSession {
    /// What one step caused, for the agent.
    struct Outcome: Sendable {
        /// The lines the step caused, its response last when it has one.
        let lines: [String]
        /// What background work wrote since the last step (renders of a live feed).
        let meanwhile: [String]
        /// The HTTP requests the step performed, with what came of them.
        let effects: [PerformedEffect]
        /// The response's `result`, if the request succeeded.
        var result: JSONValue? { response?["result"] }
        /// The response's `error`, if the request failed.
        var error: JSONValue? { response?["error"] }

        private var response: JSONValue? {
            lines.last.flatMap { try? JSONParser.parse(Array($0.utf8)) }.flatMap { $0["method"] == nil ? $0 : nil }
        }
    }

    /// An `effect.http` the session performed: its request, the status or the failure, and
    /// whether background work (a live feed) asked for it rather than the step.
    struct PerformedEffect: Sendable {
        let method: String
        let url: String
        let outcome: String
        let isBackground: Bool
    }

    private let session: RecordedSession
    private let performer: HTTPEffectPerformer
    private let settings: JSONValue
    /// What `engine.describe` said, read once the session is open.
    private(set) var description: JSONValue = .null
    /// The live scenes, as the engine reported them.
    private var scenes = SceneStack()
    /// Lines background work wrote, and what its replies caused, that no tool result showed yet.
    private var unseen: [String] = []
    private var backgroundEffects: [PerformedEffect] = []
    /// Effects of background work being performed, by the engine's request id.
    private var performing: [String: Task<Void, Never>] = [:]
    private var watcher: Task<Void, Never>?
    private var busy = false
    private var turnWaiters: [CheckedContinuation<Void, Never>] = []
    /// Called when the stack changed, to tell the agent its resources changed.
    private var stackChanged: @Sendable () async -> Void = {}

    /// A session of `engine` opened with `settings` (`now`, `timeZone`, …; the effects are
    /// added), performing HTTP through `http`.
    init(engine: Engine, settings: [String: JSONValue], http: any HTTPClient) {
        session = RecordedSession(engine: engine)
        performer = HTTPEffectPerformer(http: http)
        var settings = settings
        settings["capabilities"] = ["effects": ["http"]]
        self.settings = .object(settings)
    }

    /// Sends `initialize` and learns the apps; then watches for what background work writes.
    func open(onStackChange: @escaping @Sendable () async -> Void) async throws {
        stackChanged = onStackChange
        let opened = await session.call("initialize", params: settings)
        if let error = Outcome(lines: opened.lines, meanwhile: [], effects: []).error {
            throw AgentSessionError(description: error["message"]?.string ?? "initialize failed")
        }
        // Not recorded: a transcript that pinned every app's description would break whenever
        // an app grows, and replaying it proves nothing the session's own steps do not.
        description = await session.call("engine.describe", params: nil, recorded: false).messages.last?["result"] ?? .null
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                await self?.collectBackground()
            }
        }
    }

    /// Sends the request `method` and performs the HTTP it asks for until it is answered.
    func perform(_ method: String, params: JSONValue?) async -> Outcome {
        await takeTurn()
        defer { endTurn() }
        await takeBackgroundLines()
        var step = await session.call(method, params: params)
        var lines = step.lines
        var effects: [PerformedEffect] = []
        var answered: Set<String> = []
        // The step ends at a request the engine sends the View: answer it, then read on.
        while let request = step.engineRequest, case .some(let id) = request["id"] {
            answered.insert(JSONWriter.string(id))
            let (answer, isError) = await performer.reply(to: request["params"])
            effects.append(Self.performed(request, answer: answer, isError: isError, isBackground: false))
            guard let next = await session.reply(to: id, with: answer, isError: isError) else { break }
            lines += next.lines
            step = next
        }
        await follow(lines)
        // Background work may have asked for HTTP among the step's lines (a live feed's next poll).
        await startPerforming(lines, except: answered)
        defer {
            unseen.removeAll()
            backgroundEffects.removeAll()
        }
        return Outcome(lines: lines, meanwhile: unseen, effects: backgroundEffects + effects)
    }

    /// Ends the session: background work stops, and the recording is complete.
    func close() async {
        watcher?.cancel()
        // What background work wrote since the last step belongs in the recording: a replay
        // that met those lines after its last step would fail.
        await takeTurn()
        await takeBackgroundLines()
        endTurn()
        for task in performing.values { task.cancel() }
        await session.close()
    }

    /// The transcript of the session so far (see `RecordedSession.transcript`).
    func transcript(engineOptions: [String], comments: [String], redact: sending (String) -> String) async -> String {
        await session.transcript(engineOptions: engineOptions, comments: comments, redact: redact)
    }

    // MARK: - Background work

    private func collectBackground() async {
        guard !busy else { return }
        await takeTurn()
        defer { endTurn() }
        await takeBackgroundLines()
    }

    /// Records what background work wrote as a step of its own, and starts performing the HTTP
    /// it asked for.
    private func takeBackgroundLines() async {
        guard let step = await session.takeBackgroundLines() else { return }
        unseen += step.lines
        await follow(step.lines)
        await startPerforming(step.lines)
    }

    /// Starts performing, each in a task of its own, the HTTP requests among `lines` that the
    /// engine still waits for, but those in `except`; stops those the engine took back
    /// (`$/cancelRequest`). Each reply is sent in a turn of its own when its answer comes.
    private func startPerforming(_ lines: [String], except: Set<String> = []) async {
        for message in lines.compactMap({ try? JSONParser.parse(Array($0.utf8)) }) {
            if message["method"] == "$/cancelRequest", let id = message["params"]?["id"] {
                performing.removeValue(forKey: JSONWriter.string(id))?.cancel()
            }
            guard message["method"] == "effect.http", case .some(let id) = message["id"], !except.contains(JSONWriter.string(id)),
                await session.waitsForReply(to: id)
            else { continue }
            performing[JSONWriter.string(id)] = Task { [weak self, performer] in
                let (answer, isError) = await performer.reply(to: message["params"])
                guard !Task.isCancelled else { return }
                await self?.answerBackground(message, id: id, answer: answer, isError: isError)
            }
        }
    }

    private func answerBackground(_ request: JSONValue, id: JSONValue, answer: JSONValue, isError: Bool) async {
        await takeTurn()
        defer { endTurn() }
        performing[JSONWriter.string(id)] = nil
        backgroundEffects.append(Self.performed(request, answer: answer, isError: isError, isBackground: true))
        guard let step = await session.reply(to: id, with: answer, isError: isError) else { return }
        unseen += step.lines
        await follow(step.lines)
        await startPerforming(step.lines)
    }

    // MARK: - Following the stack

    /// Live scenes, bottom first, with the view model each last rendered.
    var stack: [(scene: String, kind: String, viewModel: JSONValue)] {
        scenes.scenes.map { ($0.scene, $0.kind, scenes.viewModels[$0.scene] ?? .null) }
    }

    /// Keeps the stack and its view models in step with what the engine said, and tells the
    /// agent when the scenes changed.
    private func follow(_ lines: [String]) async {
        let before = scenes.ids
        scenes.follow(lines.compactMap { try? JSONParser.parse(Array($0.utf8)) })
        if scenes.ids != before { await stackChanged() }
    }

    private static func performed(_ request: JSONValue, answer: JSONValue, isError: Bool, isBackground: Bool) -> PerformedEffect {
        let method = request["params"]?["method"]?.string ?? "?"
        let url = request["params"]?["url"]?.string ?? "?"
        let outcome: String = if isError {
            "failed: " + (answer["message"]?.string ?? "?")
        } else {
            answer["status"].flatMap { if case .number(let status) = $0 { "HTTP \(Int(status))" } else { nil } } ?? "answered"
        }
        return PerformedEffect(method: method, url: url, outcome: outcome, isBackground: isBackground)
    }

    // MARK: - Turns

    /// Waits until no other step runs: a tool call's effects and a background reply must not
    /// interleave, or the recording would not replay in order.
    private func takeTurn() async {
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
