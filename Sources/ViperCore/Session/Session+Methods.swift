import Logging
import ViperJSON

import Foundation

/// The request methods, one function each; `methodTable` is the registry that maps their names
/// to their wire types.
extension Session {
    /// The methods a session speaking `version` answers: 1.1 adds going back, the bus and idling.
    static func methodTable(version: ProtocolVersion, allowingFaults: Bool) -> [String: MethodHandler] {
        var table: [String: MethodHandler] = [:]
        func register<Request: WireRequest>(
            _ type: Request.Type,
            _ perform: @escaping @Sendable (isolated Session, Request) async throws(ProtocolError) -> Request.Result
        ) {
            table[Request.method] = MethodHandler(type, perform)
        }
        register(InitializeRequest.self) { session, request throws(ProtocolError) in try await session.initialize(request) }
        register(AppStartRequest.self) { session, request throws(ProtocolError) in try await session.startApp(request) }
        register(ViewEventRequest.self) { session, request throws(ProtocolError) in try await session.deliver(request) }
        register(ClockSetRequest.self) { session, request in await session.setClock(request) }
        register(EngineStateRequest.self) { session, _ in session.state() }
        register(EngineDescribeRequest.self) { session, _ in session.describe() }
        register(ShutdownRequest.self) { session, _ in session.shutDown() }
        if version >= .v1_1 {
            register(ViewBackRequest.self) { session, request throws(ProtocolError) in
                try await session.back(request.scene)
                return EmptyResult()
            }
            register(NotificationPostRequest.self) { session, request throws(ProtocolError) in
                let payload = request.payload ?? .object([:])
                // A payload that does not fit the event an app declared under that name is the
                // poster's mistake, said as such; a name no app declares reaches no one.
                try session.configuration.apps.lazy.flatMap(\.busEvents).first { $0.name == request.name }?.check(payload: payload)
                return .init(delivered: await session.post(request.name, payload: payload))
            }
            register(EngineIdleRequest.self) { session, _ in
                await session.waitUntilIdle()
                return EmptyResult()
            }
            register(CancelRequestNotification.self) { _, _ throws(ProtocolError) in
                throw .invalidRequest("$/cancelRequest is a notification: send it without an id")
            }
        }
        if allowingFaults {
            register(InjectFaultRequest.self) { session, request throws(ProtocolError) in try session.injectFault(request) }
        }
        return table
    }

    func initialize(_ request: InitializeRequest) async throws(ProtocolError) -> InitializeRequest.Result {
        guard phase == .awaitingInitialize else { throw .alreadyInitialized() }
        // The request's own mistakes are said even when it resumes a session whose terms win.
        var (settled, now) = try Self.settle(request, allowingFaults: faults != nil)
        // A resumed session works in the workspace it asks for, or is refused as another's.
        if let refusal = await configuration.workspaces?.admit(settled.workspace) {
            throw .invalidParams(path: "params.workspace", refusal)
        }
        var resumed: (key: String, feed: ReplayFeed)?
        var refusal: ProtocolError?
        if let key = request.resume {
            switch await takeJournal(key, asking: settled) {
            case .success(let taken):
                (settled, now) = taken.terms
                keep(taken.journal)
                resumed = (taken.key, taken.feed)
            case .failure(let refused):
                refusal = refused
            }
        }
        if let now { clock.fix(at: now) }
        terms = settled
        phase = .running
        var result = InitializeRequest.Result(
            protocolVersion: terms.version.rawValue,
            engine: .init(name: EngineInfo.name, version: EngineInfo.version),
            apps: configuration.apps.map(\.name),
            capabilities: .init(
                effects: terms.version >= .v1_1 ? terms.delegatedEffects.sorted() : nil,
                faultInjection: faults != nil, maxLineBytes: EngineInfo.maxLineBytes))
        if let resumed {
            result.resumeKey = resumed.key
            result.resume = .init(replayed: await replay(resumed.feed), error: nil)
        } else {
            result.resumeKey = await openJournal(header: request.journalHeader)
            if let refusal { result.resume = .init(replayed: 0, error: RawJSON(refusal.json)) }
        }
        return result
    }

    /// The terms `request` asks for, and the instant it fixes the clock at.
    static func settle(_ request: InitializeRequest, allowingFaults: Bool) throws(ProtocolError) -> (SessionTerms, Date?) {
        let chosen: ProtocolVersion
        if let asked = request.protocolVersion {
            guard let known = ProtocolVersion(rawValue: asked) else {
                throw .unsupportedProtocolVersion(asked, supported: ProtocolVersion.allCases.map(\.rawValue))
            }
            chosen = known
        } else {
            chosen = .newest
        }
        let timeZoneName = request.timeZone ?? "UTC"
        let timeZone = try Self.timeZone(named: timeZoneName)
        // The default needs no check against the known locales, whose list is costly to build.
        let locale = if let name = request.locale { try Self.locale(named: name) } else { DayCalendar.standard.locale }
        let firstWeekday = request.firstWeekday ?? 1
        guard (1...7).contains(firstWeekday) else {
            throw .invalidParams(path: "params.firstWeekday", "must be 1 (Sunday) … 7 (Saturday), not \(firstWeekday)")
        }
        let workspace = try request.workspace.map { name throws(ProtocolError) in
            guard let workspace = Workspace(name: name) else {
                throw .invalidParams(path: "params.workspace", "must be \(Workspace.rule), not '\(name)'")
            }
            return workspace
        }
        // Effects exist from 1.1 on; only those this engine can delegate are taken.
        let delegatedEffects = chosen >= .v1_1 ? Set(request.capabilities?.effects ?? []).intersection(Self.delegableEffects) : []
        let terms = SessionTerms(
            version: chosen, calendar: DayCalendar(timeZone: timeZone, timeZoneName: timeZoneName, firstWeekday: firstWeekday, locale: locale),
            workspace: workspace ?? .default, delegatedEffects: delegatedEffects, allowingFaults: allowingFaults)
        return (terms, request.now?.date)
    }

    /// The kinds of I/O a client may perform itself.
    static let delegableEffects: Set<String> = ["http"]

    /// The HTTP port of the session's modules and apps: the client's when it performs HTTP
    /// itself, else the engine's.
    var httpClient: any HTTPClient {
        let base: any HTTPClient = terms.delegatedEffects.contains("http") ? EffectHTTPClient(session: self) : configuration.httpClient
        return SessionHTTPClient(base: base, session: self)
    }

    func startApp(_ request: AppStartRequest) async throws(ProtocolError) -> AppStartRequest.Result {
        let app = try app(named: request.app)
        let root = await launch(app)
        return .init(scene: root.description)
    }

    func deliver(_ request: ViewEventRequest) async throws(ProtocolError) -> EmptyResult {
        guard let scene = scenes.scene(named: request.scene) else {
            throw .unknownScene(request.scene, live: scenes.names)
        }
        try await scene.module.deliver(request)
        return EmptyResult()
    }

    func setClock(_ request: ClockSetRequest) async -> EmptyResult {
        clock.fix(at: request.now.date)
        // Bottom first; a scene that an earlier one dismissed meanwhile is skipped.
        for id in scenes.all.map(\.id) {
            guard let scene = scenes.scene(withID: id) else { continue }
            await scene.module.clockDidChange()
        }
        // Timers the clock reached end once the scenes showed the new time.
        elapseTimers()
        return EmptyResult()
    }

    func state() -> EngineStateRequest.Result {
        .init(stack: scenes.all.map { .init(scene: $0.name, kind: $0.id.kind.rawValue, viewModel: $0.viewModel) })
    }

    func describe() -> EngineDescribeRequest.Result {
        EngineDescribeRequest.Result(apps: configuration.apps, version: terms.version)
    }

    func shutDown() -> NullResult {
        phase = .shutDown
        return NullResult()
    }

    func injectFault(_ request: InjectFaultRequest) throws(ProtocolError) -> EmptyResult {
        let operations = configuration.apps.flatMap(\.faultOperations)
        guard let faults, operations.contains(request.operation) else {
            throw .unknownOperation(request.operation, known: operations)
        }
        faults.arm(request.operation, message: request.message)
        return EmptyResult()
    }

    // MARK: - Helpers

    private func app(named name: String) throws(ProtocolError) -> any ViperApp {
        if let app = apps.started(named: name) { return app }
        guard let factory = configuration.apps.first(where: { $0.name == name }) else {
            throw .unknownApp(name, known: configuration.apps.map(\.name))
        }
        do {
            let app = try factory.make(AppEnvironment(
                faults: faults, logger: logger, http: httpClient, bus: NotificationBus(session: self, scene: nil), clock: clock,
                workspace: terms.workspace, replay: journaling.stores))
            apps.keep(app, named: name)
            return app
        } catch {
            throw .internalError("could not start app '\(name)': \(error)")
        }
    }

    private func launch<App: ViperApp>(_ app: App) async -> SceneID {
        let before = scenes.root?.id
        await app.start(with: AppLauncher(session: self))
        if let root = scenes.root?.id, root != before { return root }
        // The app showed nothing: its root module, then.
        return await open(app.rootModule, with: (), action: .root, from: nil)!
    }

    private static func timeZone(named name: String) throws(ProtocolError) -> TimeZone {
        guard let zone = TimeZone(identifier: name) else {
            throw .invalidParams(path: "params.timeZone", "is not a known time zone: '\(name)'; use an IANA name such as Europe/Paris or UTC")
        }
        return zone
    }

    private static let knownLocales = Set(Locale.availableIdentifiers)

    private static func locale(named name: String) throws(ProtocolError) -> Locale {
        let identifier = name.replacingOccurrences(of: "-", with: "_")
        guard knownLocales.contains(identifier) else {
            throw .invalidParams(path: "params.locale", "is not a known locale: '\(name)'; use an identifier such as en_US or fr_FR")
        }
        return Locale(identifier: identifier)
    }
}
