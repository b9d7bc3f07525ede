import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// The View an agent drives over MCP: a `ViewSession` (one engine session in this process that
/// performs HTTP itself and records), with the live scenes followed so that they can be listed
/// as resources, and the agent told when they change.
actor AgentSession {
    private let view: ViewSession
    private let settings: InitializeRequest
    /// What `engine.describe` said, read once the session is open.
    private(set) var description: JSONValue = .null
    /// The live scenes, as the engine reported them.
    private var scenes = SceneStack()
    /// Called when the stack changed, to tell the agent its resources changed.
    private var stackChanged: @Sendable () async -> Void = {}

    /// A session of `engine` opened with `settings` (`now`, `timeZone`, …), performing HTTP
    /// through `http`.
    init(engine: Engine, settings: InitializeRequest, http: any HTTPClient) {
        view = ViewSession(engine: engine, http: http)
        self.settings = settings
    }

    /// Sends `initialize` and learns the apps; background work is followed from then on.
    func open(onStackChange: @escaping @Sendable () async -> Void) async throws {
        stackChanged = onStackChange
        let opened = await view.open(settings: settings) { [weak self] lines in await self?.follow(lines) }
        if let error = opened.error {
            throw AgentSessionError(description: error.message)
        }
        description = await view.ask(EngineDescribeRequest()) ?? .null
    }

    /// Sends `request` and performs the HTTP it asks for until it is answered.
    func perform(_ request: some ViewRequest) async -> ViewSession.Outcome {
        let outcome = await view.perform(request)
        await follow(outcome.lines)
        return outcome
    }

    /// Ends the session: background work stops, and the recording is complete.
    func close() async {
        await view.close()
    }

    /// The transcript of the session so far (see `RecordedSession.transcript`).
    func transcript(engineOptions: [String], comments: [String], redact: sending (String) -> String) async -> String {
        await view.transcript(engineOptions: engineOptions, comments: comments, redact: redact)
    }

    /// Live scenes, bottom first, with the view model each last rendered.
    var stack: [(scene: String, kind: String, viewModel: JSONValue)] {
        scenes.scenes.map { ($0.scene, $0.kind, scenes.viewModels[$0.scene] ?? .null) }
    }

    /// Keeps the stack and its view models in step with what the engine said, and tells the
    /// agent when the scenes changed.
    private func follow(_ lines: [String]) async {
        let before = scenes.ids
        scenes.follow(lines: lines)
        if scenes.ids != before { await stackChanged() }
    }
}
