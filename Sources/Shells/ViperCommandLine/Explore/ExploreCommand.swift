import ArgumentParser
import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// `explore`: walks every reachable screen of the apps by itself, checks the invariants at
/// every step, writes the shortest story of each breach, and draws the map.
struct ExploreCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "explore",
            abstract: "Explore the apps by themselves: every reachable screen, the invariants checked at every step, the failing stories written.",
            discussion: """
                Drives one session at a time through an app's scenes: each scene's events, with \
                data made from their contracts (empty, blank, very long, non-Latin and \
                right-to-left text; today, the past, the far future; numbers at and past their \
                limits; ids from the screen), the back gesture, clock moves and the app's bus \
                events. The session performs the apps' HTTP itself, against the sample server \
                inside this process (or the engine's own with --exec), and answers some \
                requests with faults instead: 500, an HTML page, no connection, or no answer \
                then a cancel. A server that does not answer within 3 s counts as no connection. \
                Every walk is reproducible from its seed.

                At every step it checks: \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")). \
                Each broken invariant is shrunk to its shortest story and written to --out as a \
                transcript that `\(Host.commandName) test` fails until the bug is fixed. The map \
                (DOT, and SVG and PNG when Graphviz's dot is installed) and a coverage table go \
                there too. Exits 1 when any invariant broke.

                Examples:
                  \(Host.commandName) explore --app todo --seed 7
                  \(Host.commandName) explore --steps 2000 --time-limit 120 --out /tmp/explore
                  \(Host.commandName) explore --exec "\(Host.commandName) serve" --app news
                """
        )
    }

    @Option(help: "The app to explore. Default: every app, one after another.")
    var app: String?

    @Option(help: "Fixes the walk: the same seed takes the same path.")
    var seed: UInt64 = 1

    @Option(help: "The most actions to take in each app.")
    var steps: Int = 400

    @Option(help: ArgumentHelp("The longest a walk of one app may take, in seconds; shrinking comes after.", valueName: "seconds"))
    var timeLimit: Double = 60

    @Option(help: ArgumentHelp("Where the stories, maps and coverage tables go.", valueName: "dir"))
    var out: String = "explore"

    @Option(
        help: ArgumentHelp(
            "Drive an engine started with this shell command, a new one for every session, instead of one in this process.",
            valueName: "command"))
    var exec: String?

    @Option(
        help: ArgumentHelp(
            "With --exec, the protocol's JSON Schema for that engine's apps (what its `schema` command prints): every line is checked against it too.",
            discussion: "In this process, the schema of this command's own apps is used.", valueName: "file"))
    var schema: String?

    @Option(help: ArgumentHelp("The session clock when each walk starts (an instant). Fixed, so that a walk is the same on any day.", valueName: "instant"))
    var now: String = HostExplorer<Host>.defaultStart

    @Option(
        help: ArgumentHelp(
            "How each action is chosen: steered (toward what is not reached yet) or random (a monkey's walk, for comparison).",
            valueName: "strategy"))
    var strategy: ExploreStrategy = .steered

    @Flag(
        help: ArgumentHelp(
            "Also write APP-timeline.csv: when the walk reached each further scene or sent each further event.",
            discussion: "Its seconds depend on the machine, so it is written only when asked: the other files are the same bytes for the same seed."))
    var timeline = false

    @OptionGroup(title: Host.optionsTitle)
    var options: Host.Options

    func validate() throws {
        guard steps >= 1 else { throw ValidationError("--steps must be at least 1") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit must be a number of seconds above 0") }
        guard Self.instant(now) != nil else { throw ValidationError("--now must be an instant such as 2026-11-19T09:00:00Z, not '\(now)'") }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let described = try HostedApps<Host>.described().map { $0.name }
        if exec != nil, app == nil {
            throw ValidationError("--exec starts an engine whose apps this command does not know: name the one to explore with --app")
        }
        if let app, exec == nil, !described.contains(app) {
            throw ValidationError("--app \(app): there is no such app; the apps are \(described.joined(separator: ", "))")
        }
        let apps = app.map { [$0] } ?? described
        if let reason = UserFiles.makeFolder(URL(fileURLWithPath: out)) {
            throw ValidationError("--out \(out): cannot make the folder: \(reason)")
        }
        var explorer = HostExplorer<Host>(options: options, environment: environment, command: exec)
        if let schema {
            guard let data = FileManager.default.contents(atPath: schema), let document = try? JSONParser.parse(Array(data)) else {
                throw ValidationError("--schema \(schema): not a file of JSON; give what the engine's schema command prints (\(Host.commandName) schema > protocol.schema.json)")
            }
            explorer.schema = document
        }
        let hasGraphviz = Self.graphvizDot() != nil
        var broke = false
        for name in apps {
            let report: ExploreReport
            do {
                report = try await explorer.explore(
                    app: name, seed: seed, steps: steps, timeLimit: .milliseconds(Int(timeLimit * 1000)), now: Self.instant(now)!, strategy: strategy)
            } catch {
                throw ValidationError("could not explore \(name): \(error.description)")
            }
            var files: [String: String] = [:]
            for finding in report.findings {
                let file = "\(out)/\(name)-\(finding.breach.invariant.rawValue)-\(finding.sceneKind).transcript"
                let replay = exec.map { "\(Host.commandName) test --exec \"\($0)\" \(file)" } ?? "\(Host.commandName) test \(file)"
                try finding.transcript(app: name, seed: seed, replay: replay).write(toFile: file, atomically: true, encoding: .utf8)
                files[finding.breach.invariant.rawValue + " " + finding.sceneKind] = file
            }
            let dot = "\(out)/\(name).dot"
            try report.map.dot(title: name).write(toFile: dot, atomically: true, encoding: .utf8)
            try report.map.coverageTable().write(toFile: "\(out)/\(name)-coverage.md", atomically: true, encoding: .utf8)
            if timeline { try report.timelineCSV.write(toFile: "\(out)/\(name)-timeline.csv", atomically: true, encoding: .utf8) }
            if hasGraphviz {
                for format in ["svg", "png"] { try Self.draw(dot, as: format) }
            }
            print(report.summary(files: files))
            broke = broke || !report.findings.isEmpty
        }
        print("maps and coverage in \(out)/" + (hasGraphviz ? "" : " (DOT only: install Graphviz's dot for SVG and PNG)"))
        if broke { throw ExitCode.failure }
    }

    static func instant(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(text)
    }

    /// Graphviz's `dot` on the PATH, if it is installed.
    private static func graphvizDot() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Draws `dot` (a file) beside itself in `format`.
    private static func draw(_ dot: String, as format: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: graphvizDot()!)
        process.arguments = ["-T\(format)", "-o", String(dot.dropLast(3)) + format, dot]
        try process.run()
        process.waitUntilExit()
    }
}
