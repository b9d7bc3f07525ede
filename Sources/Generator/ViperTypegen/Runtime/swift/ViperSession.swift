import Foundation

/// One session with the engine: typed requests, and the renders and navigation it writes. The
/// session keeps the stack of live scenes and the view model each rendered last. Listeners run
/// on the thread that delivers the engine's lines; cancelling the task of a request sends
/// `$/cancelRequest`, and the request then throws a `ViperError` of kind `cancelled`.
public final class ViperSession: @unchecked Sendable {
    private struct Waiter {
        let method: String
        let continuation: CheckedContinuation<JSONValue, any Error>
    }

    private let transport: any Transport
    private let lock = NSLock()
    private let encoder = WireCoding.encoder()
    private let decoder = WireCoding.decoder()
    private var nextId = 1
    private var waiting: [Int: Waiter] = [:]
    private var liveStack: [AnySceneRef] = []
    private var viewModels: [String: JSONValue] = [:]
    private var navigationListeners: [@Sendable (Navigation) -> Void] = []
    private var renderListeners: [@Sendable (Render) -> Void] = []
    private var httpHandler: (@Sendable (HTTPRequest) async throws -> HTTPResponse)?
    private var effects: [String: Task<Void, Never>] = [:]
    private var closed: ConnectionClosed?
    private var key: String?

    /// A session over `transport`; send `initialize` first.
    public init(transport: any Transport) {
        self.transport = transport
        transport.start(onLine: { [weak self] line in self?.receive(line) }, onClose: { [weak self] error in self?.close(error) })
    }

    /// The live scenes, bottom first.
    public var stack: [AnySceneRef] { locked { liveStack } }

    /// The scene on top, which the user sees.
    public var top: AnySceneRef? { locked { liveStack.last } }

    /// The key that resumes this session, when the engine keeps journals.
    public var resumeKey: String? { locked { key } }

    /// The highest live scene of kind `kind`.
    public func find<Kind: SceneKind>(_ kind: Kind.Type) -> SceneRef<Kind>? {
        locked { liveStack.last { $0.kind == Kind.name } }?.as(kind)
    }

    /// The view model `scene` rendered last, while it is live.
    public func viewModel<Kind: SceneKind>(_ scene: SceneRef<Kind>) -> Kind.ViewModel? {
        locked { viewModels[scene.id] }.flatMap { try? WireCoding.value(Kind.ViewModel.self, from: $0) }
    }

    /// Opens the session on `params`' terms.
    @discardableResult
    public func initialize(_ params: InitializeParams = InitializeParams()) async throws -> InitializeResult {
        let result = try WireCoding.value(InitializeResult.self, from: try await call("initialize", try WireCoding.json(params)))
        locked { key = result.resumeKey }
        return result
    }

    /// Starts `app`: its root scene replaces the stack.
    public func start<Root: SceneKind>(_ app: AppEntry<Root>) async throws -> SceneRef<Root> {
        let result = try await call("app.start", .object(["app": .string(app.name)]))
        guard let id = result["scene"]?.string else { throw ConnectionClosed(description: "app.start answered no scene: \(result)") }
        return SceneRef(id: id)
    }

    /// Sends the user's `event` to `scene`: only events of the scene's kind are accepted.
    public func send<Kind: SceneKind>(_ scene: SceneRef<Kind>, _ event: Kind.Event) async throws {
        var params: [String: JSONValue] = ["scene": .string(scene.id), "event": .string(event.wireName)]
        if let data = event.wireData {
            params["data"] = .object(try data.mapValues { try WireCoding.json($0) })
        }
        _ = try await call("view.event", .object(params))
    }

    /// The user left the top scene with the platform's gesture (a back button, a swipe).
    public func back<Kind: SceneKind>(_ scene: SceneRef<Kind>) async throws {
        _ = try await call("view.back", .object(["scene": .string(scene.id)]))
    }

    /// Fixes the session clock at `now`; scenes that show the time render again.
    public func setClock(_ now: Date) async throws {
        _ = try await call("clock.set", .object(["now": .string(WireCoding.text(now))]))
    }

    /// What `engine.state` answers: the live scenes, bottom first, with their view models.
    public func state() async throws -> JSONValue { try await call("engine.state", nil) }

    /// What `engine.describe` answers.
    public func describe() async throws -> JSONValue { try await call("engine.describe", nil) }

    /// Answers once nothing more happens without outside input.
    public func idle() async throws { _ = try await call("engine.idle", nil) }

    /// Ends the session: every later request is refused.
    public func shutdown() async throws { _ = try await call("shutdown", nil) }

    /// Any other method, untyped (`notification.post`, `debug.injectFault`).
    @discardableResult
    public func request(_ method: String, params: JSONValue? = nil) async throws -> JSONValue { try await call(method, params) }

    /// Calls `listener` with each navigation, after the stack changed.
    public func onNavigate(_ listener: @escaping @Sendable (Navigation) -> Void) {
        locked { navigationListeners.append(listener) }
    }

    /// Calls `listener` with each render.
    public func onRender(_ listener: @escaping @Sendable (Render) -> Void) {
        locked { renderListeners.append(listener) }
    }

    /// Performs the apps' HTTP, for a session initialized with `effects: ["http"]`. Each request
    /// runs in a task of its own, cancelled when the engine no longer needs it; a handler that
    /// throws answers with a transport failure.
    public func onHTTP(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        locked { httpHandler = handler }
    }

    // MARK: - The wire

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func call(_ method: String, _ params: JSONValue?) async throws -> JSONValue {
        let id: Int = locked {
            defer { nextId += 1 }
            return nextId
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
                let failure: ConnectionClosed? = locked {
                    if let closed { return closed }
                    waiting[id] = Waiter(method: method, continuation: continuation)
                    return nil
                }
                if let failure {
                    continuation.resume(throwing: failure)
                    return
                }
                var message: [String: JSONValue] = ["jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method)]
                if let params { message["params"] = params }
                write(.object(message))
            }
        } onCancel: {
            if locked({ waiting[id] != nil }) {
                write(.object(["jsonrpc": .string("2.0"), "method": .string("$/cancelRequest"), "params": .object(["id": .integer(id)])]))
            }
        }
    }

    private func write(_ message: JSONValue) {
        guard locked({ closed }) == nil, let data = try? encoder.encode(message) else { return }
        transport.send(String(decoding: data, as: UTF8.self))
    }

    private func receive(_ line: String) {
        // The engine writes one JSON object per line; anything else (a shell's banner) is not for us.
        guard case .object(let message)? = try? decoder.decode(JSONValue.self, from: Data(line.utf8)) else { return }
        if case .string(let method)? = message["method"] {
            if let id = message["id"] {
                effect(id: id, method: method, params: message["params"])
            } else {
                notification(method, message["params"] ?? .object([:]))
            }
            return
        }
        guard case .integer(let id)? = message["id"], let waiter = locked({ waiting.removeValue(forKey: id) }) else { return }
        if let error = message["error"] {
            let problem = (try? WireCoding.value(ProtocolError.self, from: error))
                ?? ProtocolError(code: ErrorCode.internalError, message: "the engine's error could not be read", data: nil)
            waiter.continuation.resume(throwing: ViperError(error: problem, method: waiter.method))
        } else {
            waiter.continuation.resume(returning: message["result"] ?? .null)
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "view.navigate": navigate(params)
        case "view.render": render(params)
        case "$/cancelRequest": locked { params["id"].flatMap { effects[Self.effectKey($0)] } }?.cancel()
        default: break
        }
    }

    private func navigate(_ params: JSONValue) {
        guard let id = params["scene"]?.string, let kind = params["kind"]?.string,
            let action = params["action"]?.string.flatMap(NavigationAction.init(rawValue:))
        else { return }
        let scene = AnySceneRef(id: id, kind: kind)
        let (from, listeners): (AnySceneRef?, [@Sendable (Navigation) -> Void]) = locked {
            let from = params["from"]?.string.map { from in liveStack.first { $0.id == from } ?? AnySceneRef(id: from, kind: String(from.prefix { $0 != "#" })) }
            switch action {
            case .root:
                liveStack = [scene]
                viewModels = viewModels.filter { $0.key == id }
            case .push, .present:
                liveStack.append(scene)
            case .pop, .dismiss:
                liveStack.removeAll { $0.id == id }
                viewModels[id] = nil
            }
            return (from, navigationListeners)
        }
        let navigation = Navigation(action: action, scene: scene, from: from)
        for listener in listeners { listener(navigation) }
    }

    private func render(_ params: JSONValue) {
        guard let id = params["scene"]?.string, let kind = params["kind"]?.string, let viewModel = params["viewModel"] else { return }
        let listeners = locked {
            viewModels[id] = viewModel
            return renderListeners
        }
        let render = Render(scene: AnySceneRef(id: id, kind: kind), json: viewModel)
        for listener in listeners { listener(render) }
    }

    private static func effectKey(_ id: JSONValue) -> String {
        switch id {
        case .string(let text): "s" + text
        case .integer(let number): "n\(number)"
        default: "\(id)"
        }
    }

    private func effect(id: JSONValue, method: String, params: JSONValue?) {
        let handler = locked { httpHandler }
        guard method == "effect.http", let handler, let params, let request = try? WireCoding.value(HTTPRequest.self, from: params) else {
            let reason = method != "effect.http" ? "this client has no method '\(method)'" : "this client performs no HTTP: give the session an onHTTP handler"
            reply(id, result: nil, failure: reason)
            return
        }
        let key = Self.effectKey(id)
        locked {
            effects[key] = Task { [weak self] in
                do {
                    let response = try await handler(request)
                    if !Task.isCancelled { self?.reply(id, result: try WireCoding.json(response), failure: nil) }
                } catch {
                    if !Task.isCancelled { self?.reply(id, result: nil, failure: "\(error)") }
                }
                self?.locked { self?.effects[key] = nil }
            }
        }
    }

    private func reply(_ id: JSONValue, result: JSONValue?, failure: String?) {
        var message: [String: JSONValue] = ["jsonrpc": .string("2.0"), "id": id]
        if let result {
            message["result"] = result
        } else {
            message["error"] = .object(["code": .integer(ErrorCode.effectFailed), "message": .string(failure ?? "failed")])
        }
        write(.object(message))
    }

    private func close(_ error: (any Error)?) {
        let (failed, running): ([Waiter], [Task<Void, Never>]) = locked {
            guard closed == nil else { return ([], []) }
            closed = ConnectionClosed(description: error.map { "the engine went away: \($0)" } ?? "the engine went away")
            defer {
                waiting = [:]
                effects = [:]
            }
            return (Array(waiting.values), Array(effects.values))
        }
        let failure = locked { closed } ?? ConnectionClosed(description: "the engine went away")
        for waiter in failed { waiter.continuation.resume(throwing: failure) }
        for task in running { task.cancel() }
    }
}
