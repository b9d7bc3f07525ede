import ViperCore
import ViperJSON

/// Follows one session step by step, as a View sees it, and says when a step breaks an
/// invariant: `explore` runs one on every step it takes, and the transcript runner on every
/// step of a transcript that pins invariants (`! check NAME`).
struct InvariantChecker: Sendable {
    private let description: SessionDescription
    /// The protocol's JSON Schema for the engine's apps, when it is known: every line is
    /// checked against it too.
    private let schema: SchemaValidator?
    private var stack = SceneStack()
    /// The engine's requests for HTTP the View has not answered and the engine has not taken
    /// back: while one is open, busy scenes wait on it, as `engine.idle` allows.
    private var openEffects: Set<String> = []
    /// The apps' own rules, by the scene kind they check.
    private let appInvariants: [String: [AppInvariant]]

    init(description: SessionDescription, schema: SchemaValidator? = nil, appInvariants: [AppInvariant] = []) {
        self.description = description
        self.schema = schema
        self.appInvariants = Dictionary(grouping: appInvariants) { $0.kind.rawValue }
    }

    /// The live scenes, bottom first, with their kinds and last view models.
    var scenes: SceneStack { stack }

    /// Checks one step: the line the View sent (nil for a wait) and every line the engine wrote
    /// for it, in order. Returns every invariant the step broke, at most one of each.
    mutating func check(sent: String?, output: [String]) -> [Breach] {
        var breaches: [Breach] = []
        func breach(_ invariant: Invariant, _ message: String) {
            if !breaches.contains(where: { $0.invariant == invariant }) { breaches.append(Breach(invariant: invariant, message: message)) }
        }
        let request = sent.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        let method = request?.wireMethod
        // What the step is about, read before the step changes the stack.
        let topBefore = stack.scenes.last
        let isRootBefore = stack.scenes.count <= 1
        if let request, request["method"] == nil, let id = request["id"] { openEffects.remove(JSONWriter.string(id)) }
        let refusal = request.flatMap { request in method.flatMap { refusalOfData(in: request["params"] ?? .null, method: $0) } }
        var answered = false

        for line in output {
            guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)) else {
                breach(.validLines, "the engine wrote a line that is not a JSON object: \(Self.clipped(line))")
                continue
            }
            let value = JSONValue.object(members)
            if let problem = Self.problem(with: value, description: description) ?? schema?.problemWithEngineLine(value) {
                breach(.validLines, problem)
            }
            let message = EngineMessage(value)
            switch message {
            case .render(let render) where !stack.contains(render.scene):
                breach(.noRenderAfterLeave, "\(render.scene) was rendered after it left the stack")
            case .render(let render):
                for rule in appInvariants[render.kind] ?? [] {
                    if let wrong = rule.breach(of: render.viewModel) { breach(.appInvariants, "\(render.scene) breaks \(rule.name) (\(rule.summary)): \(wrong)") }
                }
            case .effect(let id, _):
                openEffects.insert(JSONWriter.string(id))
            case .cancel(let id):
                openEffects.remove(JSONWriter.string(id))
            case .response(let id, .failure(let error)):
                if error.code == -32603 { breach(.noCrash, "internal error: \(error.message)") }
                if id == request?["id"], error.code == -32602, refusal == nil, method == .viewEvent || method == .notificationPost {
                    breach(.errorsOnlyForRefusedData, "data of the contract's shape was refused: \(error.message)")
                }
            case .response(let id, .success):
                if id == request?["id"] { answered = true }
            default:
                break
            }
            stack.follow([message])
        }

        if method == .viewBack, let top = topBefore, !isRootBefore, request?["params"]?["scene"]?.stringValue == top.scene,
            stack.contains(top.scene)
        {
            breach(.scenesCanBeLeft, "\(top.scene) is not the root, and the back gesture did not leave it")
        }
        if method == .engineIdle, openEffects.isEmpty, answered {
            for (scene, kind) in stack.scenes {
                let busy = description.busyMembers(of: stack.viewModels[scene] ?? .null, kind: kind)
                if !busy.isEmpty {
                    breach(.idleSettles, "after engine.idle, \(scene) is still busy (\(busy.joined(separator: ", "))) with nothing left to wait for")
                    break
                }
            }
        }
        return breaches
    }

    /// Why the contract refuses the data a request with `params` sends, or nil when it has the
    /// shape the contract describes (or the request sends no data the apps declare).
    private func refusalOfData(in params: JSONValue, method: WireMethod) -> String? {
        switch method {
        case .viewEvent:
            guard let scene = params["scene"]?.stringValue, let kind = stack.scenes.first(where: { $0.scene == scene })?.kind else {
                return "no such scene"
            }
            guard stack.scenes.last?.scene == scene else { return "not the top scene" }
            guard let name = params["event"]?.stringValue, let event = description.scenes[kind]?.events.first(where: { $0.name == name }) else {
                return "no such event"
            }
            if let problem = DescribedShape.problem(with: params["data"] ?? [:], fields: event.fields, at: "params.data") { return problem }
            // An id names something on screen: an id the scene does not show is refused, as the
            // contracts say (an article that is not in the list).
            let shown = DataMaker.shownValues(in: stack.viewModels[scene] ?? .null)
            let viewModel = stack.viewModels[scene] ?? .null
            for name in description.scenes[kind]?.identifiers ?? [] {
                guard let value = params["data"]?[name] else { continue }
                if !(shown[name] ?? []).contains(value) { return "params.data.\(name) is not an id on screen" }
                if description.isUnavailable(name, value, in: viewModel, kind: kind) { return "params.data.\(name) names an item that cannot be chosen now" }
            }
            return nil
        case .notificationPost:
            guard let name = params["name"]?.stringValue else { return "no name" }
            guard let event = description.busEvents.first(where: { $0.name == name }) else { return nil }
            return DescribedShape.problem(with: params["payload"] ?? [:], fields: event.fields, at: "params.payload")
        default:
            return nil
        }
    }

    /// What is wrong with a line the engine wrote, as a message of the protocol; nil when
    /// nothing is.
    static func problem(with message: JSONValue, description: SessionDescription) -> String? {
        guard message["jsonrpc"] == "2.0" else { return "a line without \"jsonrpc\": \"2.0\"" }
        let params = message["params"] ?? .null
        guard let name = message["method"]?.stringValue else {
            guard message["id"] != nil else { return "a response without an id" }
            if let error = message["error"] {
                guard case .number(let code)? = error["code"], code.rounded() == code, error["message"]?.stringValue != nil else {
                    return "an error without an integer code and a message: \(JSONWriter.string(error))"
                }
                return message["result"] == nil ? nil : "a response with both a result and an error"
            }
            return message["result"] == nil ? "a response with neither a result nor an error" : nil
        }
        switch WireMethod(rawValue: name) {
        case .viewNavigate?:
            guard let action = params["action"]?.stringValue, ["root", "push", "present", "pop", "dismiss"].contains(action),
                params["scene"]?.stringValue != nil, let kind = params["kind"]?.stringValue
            else { return "a view.navigate without an action, a scene and a kind: \(JSONWriter.string(params))" }
            guard description.scenes[kind] != nil else { return "view.navigate to \(kind), a kind engine.describe does not describe" }
            return action == "root" || params["from"]?.stringValue != nil ? nil : "a view.navigate '\(action)' without 'from'"
        case .viewRender?:
            guard let kind = params["kind"]?.stringValue, let scene = params["scene"]?.stringValue, let viewModel = params["viewModel"] else {
                return "a view.render without a kind, a scene and a view model"
            }
            guard let described = description.scenes[kind] else { return "\(scene) rendered as \(kind), a kind engine.describe does not describe" }
            return DescribedShape.problem(with: viewModel, fields: described.viewModel, at: "\(scene)'s viewModel")
        case .effectHTTP?:
            guard message["id"] != nil, params["method"]?.stringValue != nil, params["url"]?.stringValue != nil else {
                return "an effect.http without an id, a method and a url"
            }
            return nil
        case .cancelRequest?:
            return params["id"] == nil ? "a $/cancelRequest without the id it cancels" : nil
        default:
            return "a line with the method \(name), which the engine never sends"
        }
    }

    static func clipped(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}
