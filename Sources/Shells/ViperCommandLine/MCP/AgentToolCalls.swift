import MCP
import ViperJSON

/// The tools' work: each call checked, turned into the request it stands for, and answered
/// with what that request caused; a tool error, saying what to send instead, for a call the
/// tools cannot take or a request the engine refused.
struct AgentToolCalls: Sendable {
    let session: AgentSession
    let tools: AgentTools

    /// Runs the tool `name`; a tool error, with what to send instead, for arguments it cannot take.
    func call(_ name: String, arguments: [String: JSONValue]) async -> CallTool.Result {
        guard let tool = AgentTools.Name(rawValue: name) else {
            return Self.mistake("There is no tool '\(name)'. The tools: \(AgentTools.Name.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let allowed: Set<String> = switch tool {
        case .listApps, .readStack: []
        case .startApp: ["app"]
        case .sendEvent: ["scene", "event", "data"]
        case .goBack: ["scene"]
        case .postNotification: ["name", "payload"]
        case .setClock: ["now"]
        }
        if let unknown = arguments.keys.sorted().first(where: { !allowed.contains($0) }) {
            return Self.mistake("\(name) takes no argument '\(unknown)'; it takes " + (allowed.isEmpty ? "none." : allowed.sorted().joined(separator: ", ") + "."))
        }
        switch tool {
        case .listApps:
            return CallTool.Result(
                content: [.text(text: appsText, annotations: nil, _meta: nil), .text(text: JSONWriter.string(tools.description), annotations: nil, _meta: nil)],
                structuredContent: .some(tools.description.mcpValue))
        case .startApp:
            guard let app = arguments["app"]?.string else {
                return Self.mistake("start_app needs app, the name of an app: \(tools.apps.joined(separator: ", ")).")
            }
            return await step("Started \(app)", "app.start", ["app": .string(app)])
        case .sendEvent:
            guard let scene = arguments["scene"]?.string, let event = arguments["event"]?.string else {
                return Self.mistake("send_event needs scene (the id of a live scene, such as todo.list#1) and event (a name the scene's kind takes); data when the event has any.")
            }
            switch arguments["data"] {
            case nil, .null?, .object?: break
            case let other?:
                return Self.mistake("send_event's data must be an object of the event's members, such as {\"title\": \"Buy milk\"}, not \(other.typeDescription).")
            }
            if await session.stack.isEmpty { return noSceneYet }
            var params: [String: JSONValue] = ["scene": .string(scene), "event": .string(event)]
            if let data = arguments["data"], data != .null { params["data"] = data }
            return await step("Sent \(event) to \(scene)", "view.event", .object(params))
        case .goBack:
            let top = await session.stack.last?.scene
            guard let scene = arguments["scene"]?.string ?? top else { return noSceneYet }
            return await step("Went back from \(scene)", "view.back", ["scene": .string(scene)])
        case .postNotification:
            guard let notification = arguments["name"]?.string else {
                return Self.mistake("post_notification needs name, the bus event's name: \(tools.notificationNames.joined(separator: ", ")), and its payload.")
            }
            var params: [String: JSONValue] = ["name": .string(notification)]
            if let payload = arguments["payload"], payload != .null { params["payload"] = payload }
            return await step("Posted \(notification)", "notification.post", .object(params))
        case .setClock:
            guard let now = arguments["now"]?.string else {
                return Self.mistake("set_clock needs now, an RFC 3339 instant with its offset, such as 2026-11-24T09:00:00Z.")
            }
            return await step("Set the clock to \(now)", "clock.set", ["now": .string(now)])
        case .readStack:
            return await step("Read the stack", "engine.state", nil)
        }
    }

    private func step(_ summary: String, _ method: String, _ params: JSONValue?) async -> CallTool.Result {
        let outcome = await session.perform(method, params: params)
        return StepReport(summary: summary, outcome: outcome, stack: await session.stack, tools: tools).callResult
    }

    /// A scene was named before any app was started.
    private var noSceneYet: CallTool.Result {
        Self.mistake("No scene is live yet: call start_app first, with one of: \(tools.apps.joined(separator: ", ")).")
    }

    /// The apps, their scenes and what each takes, for list_apps.
    private var appsText: String {
        let apps = tools.description["apps"].elements.map { app in
            let name = app["name"]?.string ?? "?"
            let scenes = app["scenes"].elements.compactMap(\.string)
            return "- \(name): starts at \(app["rootScene"]?.string ?? "?"); shows \(scenes.joined(separator: ", "))"
        }
        return (["Apps (start one with start_app):"] + apps
            + ["", "Scenes and the events they take (send_event):", tools.eventsText, "", "Bus events (post_notification): \(tools.notificationsText)"])
            .joined(separator: "\n")
    }

    private static func mistake(_ text: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true)
    }
}
