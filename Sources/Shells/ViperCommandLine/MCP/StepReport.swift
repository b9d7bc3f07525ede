import MCP
import ViperCore
import ViperJSON

/// What a step caused, told twice: as text a model reads well, and as structured content a
/// program reads (`navigations`, `renders`, `effects`, `meanwhile`, `stack`, `result`, `error`).
struct StepReport {
    let summary: String
    let outcome: ViewSession.Outcome
    let stack: [(scene: String, kind: String, viewModel: JSONValue)]
    let tools: AgentTools

    /// The tool's result; an error result when the engine refused the request.
    var callResult: CallTool.Result {
        // The structured content as JSON text too, as the MCP specification asks, for clients
        // that read only text.
        CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil), .text(text: JSONWriter.string(structured), annotations: nil, _meta: nil)],
            structuredContent: .some(structured.mcpValue), isError: outcome.error != nil)
    }

    var text: String {
        var lines: [String] = []
        let meanwhile = Self.describe(messages(outcome.meanwhile)) + outcome.effects.filter(\.isBackground).map(Self.describe)
        if !meanwhile.isEmpty {
            lines.append("Meanwhile, by itself (background work):")
            lines += meanwhile.map { "  " + $0 }
        }
        if let error = outcome.error {
            lines.append("\(summary): refused. \(error.message)")
            if let hint = hint(for: error) { lines.append(hint) }
        } else {
            lines.append("\(summary): done." + (outcome.result.map { $0 == [:] ? "" : " Result: \(JSONWriter.string($0))" } ?? ""))
        }
        lines += outcome.effects.filter { !$0.isBackground }.map(Self.describe)
        lines += Self.describe(messages(outcome.lines))
        lines.append(stackText)
        return lines.joined(separator: "\n")
    }

    /// The stack, bottom first, and what the top scene takes.
    var stackText: String {
        guard let top = stack.last else {
            return "No scene is live. Start an app with start_app: \(tools.apps.joined(separator: ", "))."
        }
        let events = tools.events(ofKind: top.kind)
        return "Stack, bottom first: " + stack.map { $0.scene == top.scene ? "\($0.scene) (top)" : $0.scene }.joined(separator: ", ") + "\n"
            + "\(top.scene) takes: " + (events.isEmpty ? "no events (go_back leaves it)" : events.map { AgentTools.eventText($0, dataMember: "data") }.joined(separator: "; "))
    }

    var structured: JSONValue {
        var members: [String: JSONValue] = [
            "effects": .array(outcome.effects.map {
                ["method": .string($0.method), "url": .string($0.url), "outcome": .string($0.outcome), "background": .bool($0.isBackground)]
            }),
            "stack": .array(stack.map { ["scene": .string($0.scene), "kind": .string($0.kind), "viewModel": $0.viewModel] }),
            "meanwhile": Self.sorted(messages(outcome.meanwhile)),
        ]
        for (key, value) in Self.sorted(messages(outcome.lines)).members { members[key] = value }
        if let result = outcome.result { members["result"] = result }
        if let error = outcome.error { members["error"] = Self.encoded(error) }
        return .object(members)
    }

    /// What to send instead, for refusals whose own message cannot know the session.
    private func hint(for error: ResponseError) -> String? {
        switch error.kind {
        case "unknownEvent":
            "send_event's description lists the events of every scene kind, with their data."
        default: nil
        }
    }

    private func messages(_ lines: [String]) -> [EngineMessage] {
        lines.map(EngineMessage.init(line:))
    }

    /// The navigations and renders of `messages`, as their params.
    private static func sorted(_ messages: [EngineMessage]) -> JSONValue {
        var navigations: [JSONValue] = []
        var renders: [JSONValue] = []
        for message in messages {
            switch message {
            case .navigate(let navigation): navigations.append(encoded(navigation))
            case .render(let render): renders.append(encoded(render))
            default: break
            }
        }
        return ["navigations": .array(navigations), "renders": .array(renders)]
    }

    /// A message's part as the wire wrote it: read from JSON, it encodes.
    private static func encoded(_ value: some Encodable) -> JSONValue {
        (try? JSONValueEncoder.encode(value)) ?? .null
    }

    private static func describe(_ effect: PerformedEffect) -> String {
        "HTTP \(effect.method) \(effect.url) → \(effect.outcome)"
    }

    /// A line for each navigation and render.
    private static func describe(_ messages: [EngineMessage]) -> [String] {
        messages.compactMap { message in
            switch message {
            case .navigate(let navigation):
                let back = navigation.action == .pop || navigation.action == .dismiss
                let from = navigation.from.map { " (\(back ? "back to" : "from") \($0))" } ?? ""
                return "Navigation: \(navigation.action.rawValue) \(navigation.scene)\(from)"
            case .render(let render):
                return "Rendered \(render.scene): \(JSONWriter.string(render.viewModel))"
            default:
                return nil
            }
        }
    }
}
