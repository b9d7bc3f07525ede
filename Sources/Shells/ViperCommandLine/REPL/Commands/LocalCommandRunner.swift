import Foundation
import ViperTesting

/// Carries out the commands the REPL handles itself: it shows, explains, records, waits and
/// cancels, but builds no request.
struct LocalCommandRunner {
    let client: EngineClient
    let display: SessionDisplay
    let recorder: SessionRecorder
    /// Whether a person is typing at a terminal, which `clear` clears.
    let isInteractive: Bool
    /// The command the REPL runs in (`viper`), for what it says to type.
    let commandName: String
    /// The title of the command's options that say where the apps' servers are, if it has any.
    let serverOptions: String?
    /// The database file the session reads, when it is not in memory.
    let databaseFile: String?
    /// Explores an app in sessions of its own (`map`); nil where the REPL cannot make engines.
    let explore: (@Sendable (_ app: String) async throws -> ExploreReport)?

    private var output: REPLOutput { display.output }
    private var style: TextStyle { display.style }

    func run(_ command: LocalCommand) async -> REPL.Outcome {
        switch command {
        case .showClock:
            output.say("clock: " + ClockText.describing(client.now, in: client.timeZone, named: client.timeZoneName))
            return .ok
        case .show(let scene):
            guard let scene = scene ?? client.topScene else {
                return output.mistake("no scene is live; start an app first: start \(client.catalog.apps.first ?? "APP")")
            }
            guard let viewModel = client.viewModels[scene] else {
                return output.mistake("\(scene) is not a live scene with a screen; live scenes: \(client.stack.joined(separator: ", "))")
            }
            output.say(display.printer.screen(scene, viewModel).joined(separator: "\n"))
            return .ok
        case .record(let path):
            return await startRecording(to: path)
        case .stopRecording:
            do {
                let recorded = try await recorder.stop()
                output.say("recorded \(Self.steps(recorded.steps)) to \(recorded.file); replay them with: \(commandName) test \(recorded.file)")
                return .ok
            } catch {
                return output.mistake(error.description)
            }
        case .help(let topic):
            return help(topic)
        case .wait(let duration):
            return await wait(duration)
        case .cancel(let id):
            return await cancel(id)
        case .clear:
            // What Ctrl-L sends: cursor home, then erase the screen. Nothing without a terminal.
            if isInteractive { output.say("\u{1B}[H\u{1B}[2J", newline: false) }
            return .ok
        case .map:
            return await map()
        }
    }

    /// `map`: the running app explored in sessions of its own, its moves printed.
    private func map() async -> REPL.Outcome {
        guard let explore else { return output.mistake("map needs the engine in this process, which this REPL does not have") }
        guard let root = client.stack.first, let app = client.catalog.rootScenes.first(where: { $0.value == String(root.prefix { $0 != "#" }) })?.key else {
            return output.mistake("no app is running; start one first: start \(client.catalog.apps.first ?? "APP")")
        }
        let report: ExploreReport
        do {
            report = try await explore(app)
        } catch {
            return output.mistake("could not explore \(app): \(error)")
        }
        let verdict = report.findings.isEmpty ? "every invariant held" : style.red("\(report.findings.count) invariant\(report.findings.count == 1 ? "" : "s") broke")
        var lines = ["map of \(app), explored in sessions of its own (\(report.steps) actions, \(report.states) states; \(verdict)):"]
        lines += report.map.textLines().map { "  " + $0 }
        for finding in report.findings {
            lines.append(style.red("  ✘ \(finding.breach.invariant.rawValue) at \(finding.sceneKind): \(finding.breach.headline)"))
        }
        if !report.findings.isEmpty { lines.append(style.dim("  the shortest stories: \(commandName) explore --app \(app)")) }
        output.say(lines.joined(separator: "\n"))
        return .ok
    }

    private func startRecording(to path: String) async -> REPL.Outcome {
        let steps: Int
        do {
            steps = try await recorder.start(to: path)
        } catch {
            return output.mistake(error.description)
        }
        output.say("recording to \(path), from the start of the session (\(Self.steps(steps)) so far); record stop ends it")
        if let databaseFile {
            output.say(style.yellow("note: this session reads \(databaseFile); a replay starts with an empty database, so it may differ. Run without --db to record."))
        }
        return .ok
    }

    private func help(_ topic: String?) -> REPL.Outcome {
        let catalog = client.catalog
        guard let topic else {
            output.say(HelpText.overview(catalog, topScene: client.topScene).joined(separator: "\n"))
            return .ok
        }
        if topic == "start" {
            output.say(HelpText.start(catalog, command: commandName, serverOptions: serverOptions))
            return .ok
        }
        if let text = HelpText.details(command: commandName)[topic == "exit" ? "quit" : topic] {
            output.say(text)
            return .ok
        }
        // An event of the live scenes first, the top one first; then of any scene; then of the bus.
        if let event = client.stack.reversed().lazy.compactMap({ catalog.events(ofScene: $0).first { $0.name == topic } }).first
            ?? catalog.events.values.lazy.compactMap({ $0.first { $0.name == topic } }).first
            ?? catalog.notifications.first(where: { $0.name == topic })
        {
            output.say(HelpText.details(of: event).joined(separator: "\n"))
            return .ok
        }
        return output.mistake("no help for '\(topic)'; type help for the commands")
    }

    private func wait(_ duration: Duration) async -> REPL.Outcome {
        // What arrives may be only HTTP the REPL performs for background work, which shows
        // nothing: the wait goes on until something shows, or its time is up.
        let deadline = ContinuousClock.now + duration
        var arrived = display.takeBackgroundOutput()
        while arrived == nil, case let left = deadline - ContinuousClock.now, left > .zero {
            await Task.yield()
            if client.outputSignal.wait(timeout: min(left, .milliseconds(50))) { arrived = display.takeBackgroundOutput() }
        }
        output.say(arrived ?? style.dim("(nothing arrived in \(Self.words(duration)))"))
        return .ok
    }

    /// `cancel [ID]`: $/cancelRequest for one request running in the background, or for all.
    private func cancel(_ id: Int?) async -> REPL.Outcome {
        let running = client.running.map(\.id)
        guard !running.isEmpty else {
            return output.mistake("no request runs in the background; a command ending in & sends one (start news &)")
        }
        if let id, !running.contains(id) {
            return output.mistake("request \(id) is not running; running: \(running.map(String.init).joined(separator: ", "))")
        }
        let recorded = await client.cancel(id.map { [$0] } ?? running)
        display.showBackgroundOutput()
        if recorder.file != nil && !recorded {
            // Cancelled while the engine worked rather than while it waited on HTTP: the
            // cancellation could not be put where a replay would send it.
            output.say(style.yellow("note: a transcript plays each request to its end; the cancelled step will not replay as recorded. Remove it, or record again."))
        }
        return .ok
    }

    /// "1 step", "6 steps".
    private static func steps(_ count: Int) -> String {
        count == 1 ? "1 step" : "\(count) steps"
    }

    /// "5 s", "500 ms".
    private static func words(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
