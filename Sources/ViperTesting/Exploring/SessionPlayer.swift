import Foundation
import ViperCore
import ViperJSON

/// Plays an exploration's actions on one session of the engine, the way a View would: it sends
/// each action's request, answers the HTTP the engine asks the View for, ends each action with
/// `engine.idle`, checks every step against the invariants, and keeps every step as a
/// transcript would write it.
final class SessionPlayer {
    /// What one action came to.
    struct Outcome {
        /// False when the action was not sent: the top scene was not the kind it was made on.
        let wasPlayed: Bool
        /// The invariants the action's steps broke.
        let breaches: [Breach]
        /// Whether the top scene (or anything it shows) changed.
        let changed: Bool
    }

    /// How the View performs a request for HTTP for real: the answer, and whether it is an error.
    typealias Perform = @Sendable (_ request: EffectHTTPRequest) async -> (answer: JSONValue, isError: Bool)

    private let connection: any EngineConnection
    private let closeSession: @Sendable () async -> Void
    private let perform: Perform?
    /// The error answers of the app's servers it shows in a way of its own (`appError`).
    private var serverErrors: [ServerErrorAnswer] = []
    private(set) var description: SessionDescription
    private(set) var checker: InvariantChecker
    private(set) var steps: [StoryStep] = []
    /// Whether the engine stopped answering (it exited, or stalled); nothing more is played.
    private(set) var hasEnded = false
    private var now: Date
    private var nextID = 1
    /// Requests of background work for HTTP, oldest first, that nobody answered yet.
    private var backgroundEffects: [(id: JSONValue, request: EffectHTTPRequest)] = []
    /// What the server answered each request the session performed, in order.
    private(set) var serverAnswers: [(answer: JSONValue, isError: Bool)] = []
    /// The server's answers of an earlier session, given instead of performing again.
    private var replaying: [(answer: JSONValue, isError: Bool)]?
    /// The invariants the opening steps broke.
    private(set) var openingBreaches: [Breach] = []
    /// Whether the engine has `debug.injectFault` (its `initialize` said `faultInjection`).
    private(set) var allowsFaults = false

    private init(
        connection: any EngineConnection, close: @escaping @Sendable () async -> Void, perform: Perform?, description: SessionDescription, now: Date
    ) {
        self.connection = connection
        closeSession = close
        self.perform = perform
        self.description = description
        checker = InvariantChecker(description: description)
        self.now = now
    }

    /// A new session of `target`, initialized at `now` as a View that performs HTTP itself, with
    /// `app` started.
    /// With `replaying`, requests are answered with those answers, in order, instead of being
    /// performed.
    static func open(
        _ target: ExploreTarget, app: String, now: Date, settings: InitializeRequest, perform: Perform?, schema: SchemaValidator?,
        serverErrors: [ServerErrorAnswer] = [], appInvariants: [AppInvariant] = [], replaying: [(answer: JSONValue, isError: Bool)]? = nil
    ) async throws(EngineFailure) -> SessionPlayer {
        let (connection, close) = try await target.connect()
        let player = SessionPlayer(connection: connection, close: close, perform: perform, description: SessionDescription(.null), now: now)
        player.replaying = replaying
        player.serverErrors = serverErrors
        var initialize = settings
        initialize.now = Instant(now)
        initialize.capabilities = .init(effects: ["http"])
        await player.call(initialize)
        if case .response(_, .success(let result))? = player.steps.last?.output.last.map(EngineMessage.init(line:)),
            case .bool(true)? = result["capabilities"]?["faultInjection"]
        {
            player.allowsFaults = true
        }
        // Asked with an id of its own and left out of the story: a transcript replays without it,
        // and the story's requests stay numbered 1, 2, 3… as the runner numbers them.
        let described: JSONValue
        do {
            let lines = try await connection.exchange(Array(EngineDescribeRequest().line(id: "explore-describe").utf8), responseID: "explore-describe")
            described = if case .response(_, .success(let result))? = lines.last.map(EngineMessage.init(line:)) { result } else { .null }
        } catch {
            await close()
            throw error
        }
        player.description = SessionDescription(described)
        player.checker = InvariantChecker(description: player.description, schema: schema, appInvariants: appInvariants)
        await player.call(AppStartRequest(app: app))
        await player.idle()
        player.openingBreaches = player.pendingBreaches
        player.pendingBreaches = []
        return player
    }

    /// Ends the session.
    func close() async {
        await closeSession()
    }

    /// The session's today, `YYYY-MM-DD`, in UTC.
    var today: String { String(Instant(now).wireText.prefix(10)) }

    /// The kind of the top scene, once the app started.
    var topKind: String? { checker.scenes.scenes.last?.kind }

    /// What the top scene last rendered.
    var topViewModel: JSONValue {
        checker.scenes.scenes.last.flatMap { checker.scenes.viewModels[$0.scene] } ?? .null
    }

    /// How many scenes are live.
    var depth: Int { checker.scenes.scenes.count }

    /// Whether a request of background work for HTTP waits for the View's answer.
    var hasBackgroundEffects: Bool { !backgroundEffects.isEmpty }

    /// Plays `action`, then `engine.idle`.
    func play(_ action: ExploreAction) async -> Outcome {
        guard !hasEnded, let top = checker.scenes.scenes.last, top.kind == action.sceneKind else {
            return Outcome(wasPlayed: false, breaches: [], changed: false)
        }
        let before = stateKey
        var answers = action.answers[...]
        switch action.move {
        case .event(let name, let data):
            await call(ViewEventRequest(scene: top.scene, event: name, data: data), answers: &answers)
        case .back:
            await call(ViewBackRequest(scene: top.scene), answers: &answers)
        case .clock(let seconds):
            now = now.addingTimeInterval(TimeInterval(seconds))
            await call(ClockSetRequest(now: Instant(now)), answers: &answers)
        case .post(let name, let payload):
            await call(NotificationPostRequest(name: name, payload: payload), answers: &answers)
        case .fault(let operation):
            await call(InjectFaultRequest(operation: operation, message: "explore made \(operation) fail"), answers: &answers)
        case .answerBackground:
            guard !backgroundEffects.isEmpty else { return Outcome(wasPlayed: false, breaches: [], changed: false) }
            let (id, request) = backgroundEffects.removeFirst()
            // A fault, never the server's own answer: what a server answers a long poll, and
            // when, depends on the time it is asked, and the walk must replay the same.
            let chosen = answers.popFirst() ?? .transportError
            let (answer, isError) = await reply(to: request, with: chosen.faultReply == nil ? .transportError : chosen)
            let line = EffectHTTPRequest.replyLine(to: id, with: answer, isError: isError)
            await exchange(line, transcriptLine: ">> " + line, responseID: nil)
        }
        await idle()
        defer { pendingBreaches = [] }
        return Outcome(wasPlayed: true, breaches: pendingBreaches, changed: stateKey != before)
    }

    /// The state the session is in: the live scenes' kinds and view models.
    var stateKey: String {
        JSONWriter.string(.array(checker.scenes.scenes.map { .array([.string($0.kind), checker.scenes.viewModels[$0.scene] ?? .null]) }))
    }

    /// Every line the engine wrote in the session, in order.
    var wire: [String] { steps.flatMap(\.output) }

    // MARK: - Steps

    private var pendingBreaches: [Breach] = []

    /// `engine.idle`: requests for HTTP among its output come from background work, which the
    /// View answers later (`answerBackground`), or never (a long poll parked on the server).
    private func idle() async {
        var none = ArraySlice<EffectAnswer>()
        await call(EngineIdleRequest(), answers: &none, answersEffects: false)
    }

    private func call(_ request: some ViewRequest) async {
        var none = ArraySlice<EffectAnswer>()
        await call(request, answers: &none)
    }

    /// Sends the request, then answers each request for HTTP that its output ends with.
    private func call(_ request: some ViewRequest, answers: inout ArraySlice<EffectAnswer>, answersEffects: Bool = true) async {
        let id = JSONValue.number(Double(nextID))
        nextID += 1
        let written = TranscriptLines.request(method: request.wireMethod.rawValue, params: request.params)
        var output = await exchange(request.line(id: id), transcriptLine: written, responseID: id)
        if !answersEffects {
            await readOn(until: id, after: output)
            return
        }
        while case .effect(let effectID, let effect)? = output?.last.map(EngineMessage.init(line:)) {
            let answer = answers.popFirst() ?? .perform
            if answer == .slowThenCancel {
                let cancel = CancelRequestNotification(id: id).line(id: nil)
                output = await exchange(cancel, transcriptLine: ">> " + cancel, responseID: id)
                continue
            }
            let (reply, isError) = await self.reply(to: effect, with: answer)
            let line = EffectHTTPRequest.replyLine(to: effectID, with: reply, isError: isError)
            output = await exchange(line, transcriptLine: "> \(isError ? "reply-error" : "reply") " + JSONWriter.string(reply), responseID: id)
        }
    }

    /// Sends `line` and reads its output up to `responseID`'s response; nil when the engine
    /// stopped answering, which breaks `no-crash`.
    @discardableResult
    private func exchange(_ line: String, transcriptLine: String, responseID: JSONValue?) async -> [String]? {
        guard !hasEnded else { return nil }
        let output: [String]
        do {
            output = try await connection.exchange(Array(line.utf8), responseID: responseID)
        } catch {
            hasEnded = true
            steps.append(StoryStep(transcriptLine: transcriptLine, output: []))
            pendingBreaches.append(Breach(invariant: .noCrash, message: "the engine stopped answering: \(error.description)"))
            return nil
        }
        steps.append(StoryStep(transcriptLine: transcriptLine, output: output))
        for breach in checker.check(sent: line, output: output) where !pendingBreaches.contains(where: { $0.invariant == breach.invariant }) {
            pendingBreaches.append(breach)
        }
        noteBackground(output, endsStep: true)
        return output
    }

    /// Keeps the requests for HTTP among `output` that come from background work (those that do
    /// not end a step's output, which the step answers), and forgets those the engine took back.
    private func noteBackground(_ output: [String], endsStep: Bool) {
        for (index, message) in output.map(EngineMessage.init(line:)).enumerated() {
            switch message {
            case .effect(let id, let request) where !endsStep || index < output.count - 1:
                backgroundEffects.append((id, request))
            case .cancel(let id):
                backgroundEffects.removeAll { $0.id == id }
            default:
                break
            }
        }
    }

    /// Reads on until the response to `id` when `output` ended before it, at a request for HTTP
    /// that background work made: the lines join the step's.
    private func readOn(until id: JSONValue, after output: [String]?) async {
        guard var output, !output.contains(where: { RequestOutput.isResponse($0, to: id) }) else { return }
        if case .effect(let effectID, let request)? = output.last.map(EngineMessage.init(line:)) {
            backgroundEffects.append((effectID, request))
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !output.contains(where: { RequestOutput.isResponse($0, to: id) }) {
            guard ContinuousClock.now < deadline, let more = try? await connection.awaitLines(nil, timeout: .milliseconds(20)) else {
                hasEnded = true
                pendingBreaches.append(Breach(invariant: .noCrash, message: "the engine stopped answering \(JSONWriter.string(id))"))
                return
            }
            let taken = steps.removeLast()
            steps.append(StoryStep(transcriptLine: taken.transcriptLine, output: taken.output + more))
            for breach in checker.check(sent: nil, output: more) where !pendingBreaches.contains(where: { $0.invariant == breach.invariant }) {
                pendingBreaches.append(breach)
            }
            noteBackground(more, endsStep: false)
            output += more
        }
    }

    /// The path of `url`, without its query: what a declared server error names.
    private static func path(of url: String) -> String {
        URLComponents(string: url)?.path ?? url
    }

    private func reply(to request: EffectHTTPRequest, with answer: EffectAnswer) async -> (JSONValue, Bool) {
        if let fault = answer.faultReply { return fault }
        if answer == .appError, let declared = serverErrors.first(where: { $0.method == request.method && $0.path == Self.path(of: request.url) }) {
            return (["status": .number(Double(declared.status)), "headers": ["Content-Type": "application/json"], "body": .string(declared.body)], false)
        }
        // Played again, the session gets the server's answers of the first time, in order: a
        // server may answer differently each time (a new random token), which is not the app's.
        if replaying != nil { return replaying!.isEmpty ? EffectAnswer.transportError.faultReply! : replaying!.removeFirst() }
        guard let perform else { return EffectAnswer.transportError.faultReply! }
        let answered = await perform(request)
        serverAnswers.append(answered)
        return answered
    }
}
