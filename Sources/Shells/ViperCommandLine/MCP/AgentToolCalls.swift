import MCP
import ViperCore
import ViperJSON
import ViperTesting

/// The tools' work: each call checked, turned into the request it stands for, and answered
/// with what that request caused; a tool error, saying what to send instead, for a call the
/// tools cannot take or a request the engine refused.
struct AgentToolCalls: Sendable {
    /// Explores an app in sessions of its own: the app, the number its walk starts from, the most
    /// actions, the time limit.
    typealias Explore = @Sendable (_ app: String, _ seed: UInt64, _ steps: Int, _ timeLimit: Duration) async throws -> ExploreReport

    let session: AgentSession
    let tools: AgentTools
    let explore: Explore

    /// Runs `tool`; a tool error, with what to send instead, for arguments it cannot take.
    func call(_ tool: AgentTools.Name, arguments: [String: JSONValue]) async -> CallTool.Result {
        let allowed = tools.argumentNames(tool)
        if let unknown = arguments.keys.sorted().first(where: { !allowed.contains($0) }) {
            return Self.mistake("\(tool.rawValue) takes no argument '\(unknown)'; it takes " + (allowed.isEmpty ? "none." : allowed.sorted().joined(separator: ", ") + "."))
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
            return await step("Started \(app)", AppStartRequest(app: app))
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
            return await step("Sent \(event) to \(scene)", ViewEventRequest(scene: scene, event: event, data: arguments["data"]))
        case .goBack:
            let top = await session.stack.last?.scene
            guard let scene = arguments["scene"]?.string ?? top else { return noSceneYet }
            return await step("Went back from \(scene)", ViewBackRequest(scene: scene))
        case .postNotification:
            guard let notification = arguments["name"]?.string else {
                return Self.mistake("post_notification needs name, the bus event's name: \(tools.notificationNames.joined(separator: ", ")), and its payload.")
            }
            return await step("Posted \(notification)", NotificationPostRequest(name: notification, payload: arguments["payload"]))
        case .setClock:
            guard let text = arguments["now"]?.string else {
                return Self.mistake("set_clock needs now, an RFC 3339 instant with its offset, such as 2026-11-24T09:00:00Z.")
            }
            guard let now = Instant(wireText: text) else {
                return Self.mistake("set_clock's now must be an RFC 3339 instant with its offset, such as 2026-11-24T09:00:00Z, not \"\(text)\".")
            }
            return await step("Set the clock to \(text)", ClockSetRequest(now: now))
        case .readStack:
            return await step("Read the stack", EngineStateRequest())
        case .explore:
            return await exploration(arguments)
        }
    }

    /// Runs `explore` and words its report; a tool error for arguments it cannot take.
    private func exploration(_ arguments: [String: JSONValue]) async -> CallTool.Result {
        guard let app = arguments["app"]?.string, tools.apps.contains(app) else {
            return Self.mistake("explore needs app, the name of an app: \(tools.apps.joined(separator: ", ")).")
        }
        func whole(_ name: String, _ range: ClosedRange<Double>, default value: Double) -> Double? {
            guard let given = arguments[name] else { return value }
            guard case .number(let number) = given, range.contains(number) else { return nil }
            return number
        }
        guard let seed = whole("seed", 0...9_007_199_254_740_991, default: 1), seed.rounded() == seed,
            let steps = whole("steps", 1...5000, default: 400), steps.rounded() == steps,
            let seconds = whole("timeLimit", 0.001...600, default: 30)
        else {
            return Self.mistake("explore takes seed (a whole number, 0 or more), steps (a whole number from 1 to 5000) and timeLimit (seconds, above 0, at most 600).")
        }
        let report: ExploreReport
        do {
            report = try await explore(app, UInt64(seed), Int(steps), .milliseconds(Int(seconds * 1000)))
        } catch {
            return Self.mistake("Could not explore \(app): \(error)")
        }
        let stories = report.findings.map { finding in
            finding.transcript(app: app, seed: UInt64(seed), replay: "save it as a .transcript file and run: viper test FILE")
        }
        var text = report.summary() + "\n\nCoverage of the events:\n" + report.map.coverageTable() + "\nMap (Graphviz DOT):\n" + report.map.dot(title: app)
        for story in stories { text += "\nShortest story:\n" + story }
        let structured: JSONValue = [
            "app": .string(app), "seed": .number(seed), "steps": .number(Double(report.steps)), "states": .number(Double(report.states)),
            "findings": .array(zip(report.findings, stories).map { finding, story in
                [
                    "invariant": .string(finding.breach.invariant.rawValue), "scene": .string(finding.sceneKind),
                    "message": .string(finding.breach.headline), "transcript": .string(story),
                ]
            }),
            "dot": .string(report.map.dot(title: app)), "coverage": .string(report.map.coverageTable()),
        ]
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil), .text(text: JSONWriter.string(structured), annotations: nil, _meta: nil)],
            structuredContent: .some(structured.mcpValue), isError: false)
    }

    private func step(_ summary: String, _ request: some ViewRequest) async -> CallTool.Result {
        let outcome = await session.perform(request)
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
