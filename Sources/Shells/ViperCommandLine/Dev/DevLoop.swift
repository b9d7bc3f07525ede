import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// `dev`'s work between two commands: waits for a saved change, rebuilds the package, starts
/// the new engine, replays the session's requests into it, and hands the REPL the session on
/// it with a report of what changed. A build that fails, or an engine that does not start,
/// leaves the session where it was, on the engine that runs.
struct DevLoop: Sendable {
    let builder: PackageBuilder
    let watcher: SourceWatcher
    /// How often the sources are looked at.
    let interval: Duration
    /// The built command, which each build replaces.
    let binary: String
    /// What the engine is run with: `serve` and its options.
    let engineOptions: [String]
    /// Performs the apps' HTTP for the View, as the REPL's own session does.
    let http: any HTTPClient
    let channel: ReloadChannel

    /// The most differences a report lists; the rest are counted.
    static let reportedDifferences = 12

    /// Reloads on every saved change after `snapshot`, until cancelled.
    func run(from snapshot: SourceWatcher.Snapshot) async {
        var built = snapshot
        while let changed = try? await watcher.change(since: built, interval: interval) {
            built = changed
            await reload()
        }
    }

    /// One reload: build, start, replay, report.
    private func reload() async {
        channel.begin("· a change was saved: building \(builder.product)…")
        let buildStart = ContinuousClock.now
        do {
            _ = try await builder.build()
        } catch {
            channel.end("· the build failed; the engine that ran goes on:\n" + error.firstErrors, ready: nil)
            return
        }
        let built = ContinuousClock.now - buildStart
        let connection: CommandConnection
        do {
            connection = try CommandConnection(command: Self.shellQuoted(binary), options: engineOptions)
        } catch {
            channel.end("· the new engine did not start (\(error.description)); the engine that ran goes on", ready: nil)
            return
        }
        let replayStart = ContinuousClock.now
        let view = ViewSession(connection: connection, http: http)
        let requests = await channel.current.sentRequests
        var lines: [String] = []
        var changes: [String] = []
        var stop: String?
        for (index, request) in requests.enumerated() {
            let outcome = await view.replay(request)
            let step = "step \(index + 1) (\(Self.summary(of: request.line)))"
            if outcome.lines.isEmpty && !request.isRaw {
                connection.abandon()
                channel.end("· the new engine stopped answering at \(step); the engine that ran goes on", ready: nil)
                return
            }
            lines += outcome.meanwhile + outcome.lines
            let comparison = ReplayComparison(old: request.lines, new: outcome.lines)
            if let refusal = comparison.refusal {
                stop = "\(step), which the new code refuses: \(refusal)"
                break
            }
            for render in comparison.changedRenders {
                changes += render.differences.map { "  \(step), \(render.scene): \($0)" }
            }
        }
        let catalog = await view.ask(EngineDescribeRequest()).map(SceneCatalog.init(describeResult:)) ?? SceneCatalog(apps: [], events: [:])
        let replayed = ContinuousClock.now - replayStart
        var report = ["· rebuilt in \(Self.seconds(built)); replayed \(requests.count) request\(requests.count == 1 ? "" : "s") in \(Self.seconds(replayed))"]
        if let stop { report += ["· the replay stopped at \(stop)", "· the session goes on from the last screen that replayed"] }
        if changes.isEmpty {
            report.append("· no render changed")
        } else {
            report.append("· renders that changed:")
            report += changes.prefix(Self.reportedDifferences)
            if changes.count > Self.reportedDifferences { report.append("  … and \(changes.count - Self.reportedDifferences) more") }
        }
        channel.end(nil, ready: ReloadChannel.Reloaded(view: view, lines: lines, catalog: catalog, report: report.joined(separator: "\n")))
        if let examples = await ExampleRun(packageRoot: watcher.packageRoot, binary: binary).report() { channel.post(examples) }
    }

    /// `path` as one word for `/bin/sh`.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A request line in a few words: `titleChanged on todo.add#1`, `app.start todo`.
    static func summary(of line: String) -> String {
        guard let request = try? JSONParser.parse(Array(line.utf8)), case .string(let method)? = request["method"] else { return line }
        let params = request["params"]
        switch (method, params?["event"], params?["scene"], params?["app"]) {
        case (_, .string(let event)?, .string(let scene)?, _): return "\(event) on \(scene)"
        case (_, _, _, .string(let app)?): return "\(method) \(app)"
        case (_, _, .string(let scene)?, _): return "\(method) \(scene)"
        default: return method
        }
    }

    /// `4.2 s`.
    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.wholeMilliseconds) / 1000)
    }
}
