import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperTesting

/// `dev`: the REPL on the package's own engine, rebuilt on every saved change, with the
/// session replayed into it so that the person stays on the screen they were changing.
struct DevCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "dev",
            abstract: "The REPL on this package's engine, rebuilt and replayed on each saved change.",
            discussion: """
                Builds the package's command (swift build --product \(Host.commandName), in \
                debug), runs it as `serve` in a process of its own, and opens the REPL on it: \
                the same commands, the same screens. It watches Sources/ and Package.swift. On \
                each saved change it rebuilds; a build that fails shows the compiler's first \
                errors and the engine that ran goes on. A build that succeeds starts the new \
                engine and sends it again every request of the session, so the REPL shows the \
                same screen drawn by the new code, with the renders that came out different, \
                field by field. A request the new code refuses (an event it removed, a scene \
                that no longer opens) stops the replay there: the session goes on from the \
                last screen that replayed, and the step that stopped is named. Then the new \
                command runs the transcripts under examples/ (test examples/) and names those \
                that no longer pass.

                A replay rebuilds exactly the same state because the session's clock is fixed, \
                its data lives in memory (serve --db :memory:), and the sample servers run \
                inside the engine. The requests are kept in this process's memory only, what \
                was typed at a password prompt included: nothing of the session is written \
                to disk. Commands typed while the package rebuilds wait, and run on the new \
                engine. Without a terminal, commands are read from stdin, as the REPL reads them.
                """
        )
    }

    @Option(help: ArgumentHelp(
        "The package to build and watch. Default: the folder with a Package.swift that holds the current one.", valueName: "path"))
    var packagePath: String?

    @Option(help: ArgumentHelp(
        "The folder SwiftPM builds in, as swift build's own --scratch-path. Default: the one this command was built in (swift run --scratch-path), else the package's .build.",
        valueName: "path"))
    var scratchPath: String?

    @Option(help: ArgumentHelp("How often, in milliseconds, Sources/ and Package.swift are looked at for saved changes.", valueName: "ms"))
    var pollInterval = 300

    @Option(help: ArgumentHelp(
        "Serve the browser page and WebSocket sessions on this address instead of opening the REPL (as serve --listen takes it; 0 picks a free port). A saved change that builds starts the engine again there, and the page resumes its session on it.",
        valueName: "address"))
    var listen: String?

    @OptionGroup(title: Host.optionsTitle)
    var options: Host.Options

    @Flag(help: "Add the debug.injectFault method, to try failure stories (send it with raw).")
    var enableFaultInjection = false

    @OptionGroup
    var session: SessionOptions

    func validate() throws {
        guard (10...60_000).contains(pollInterval) else {
            throw ValidationError("--poll-interval must be between 10 and 60000 milliseconds, not \(pollInterval)")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let root = try Self.packageRoot(packagePath)
        let builder = PackageBuilder(packageRoot: root, product: Host.commandName, scratchPath: scratchPath ?? Self.ownBuildFolder())
        let watcher = SourceWatcher(packageRoot: root)
        let snapshot = watcher.snapshot()
        Self.note("building \(Host.commandName) in \(root.path)…")
        let binary: String
        do {
            binary = try await builder.build()
        } catch {
            Self.note("the build failed:\n\(error.firstErrors)")
            throw ExitCode(1)
        }
        let serveOptions = (enableFaultInjection ? ["--enable-fault-injection"] : []) + options.arguments
        if let listen {
            let loop = PageDevLoop(
                builder: builder, watcher: watcher, interval: .milliseconds(pollInterval), binary: binary, listen: listen, serveOptions: serveOptions)
            try await Self.serve(loop, from: snapshot)
        } else {
            Self.note("watching \(root.path)/Sources and Package.swift: a saved change rebuilds \(Host.commandName) and replays this session into it")
            try await openREPL(on: binary, builder: builder, watcher: watcher, from: snapshot, serveOptions: serveOptions)
        }
    }

    /// The page's engine, started again after each saved change, until Ctrl-C: `dev` then ends
    /// once its engine stopped and its journals' folder is gone.
    private static func serve(_ loop: PageDevLoop, from snapshot: SourceWatcher.Snapshot) async throws {
        let serving = Task { try await loop.run(from: snapshot) }
        let signals = onTermination { serving.cancel() }
        try await serving.value
        withExtendedLifetime(signals) {}
    }

    /// The REPL on `binary` run as `serve`, which `DevLoop` moves onto each new build, until the
    /// input ends or `quit`.
    private func openREPL(
        on binary: String, builder: PackageBuilder, watcher: SourceWatcher, from snapshot: SourceWatcher.Snapshot, serveOptions: [String]
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        let engineOptions = ["serve", "--db", ":memory:"] + serveOptions
        let http = URLSessionHTTPClient()
        let view = ViewSession(connection: try CommandConnection(command: DevLoop.shellQuoted(binary), options: engineOptions), http: http)
        let client = EngineClient(view: view, now: session.start, timeZoneName: session.timeZoneName)
        let style = TextStyle.forStandardOutput(environment: environment)
        let width = REPLCommand<Host>.screenWidth()
        let channel = ReloadChannel(current: view, signal: client.outputSignal)
        let loop = DevLoop(
            builder: builder, watcher: watcher, interval: .milliseconds(pollInterval), binary: binary, engineOptions: engineOptions,
            http: http, channel: channel)
        let watching = Task { await loop.run(from: snapshot) }
        let repl = REPL(
            client: client, editor: REPLCommand<Host>.editor(for: client, environment: environment), style: style, width: width, bail: false,
            engineOptions: { serveOptions }, databaseFile: nil, commandName: Host.commandName,
            serverOptions: Host.Options.self == NoHostOptions.self ? nil : Host.optionsTitle,
            reloader: DevReloader(channel: channel, client: client, display: SessionDisplay(client: client, output: REPLOutput(style: style), width: width)))
        let status = await repl.run(locale: session.locale, firstWeekday: session.firstWeekday)
        // A build under way is stopped, not left to hold the package's build folder.
        watching.cancel()
        await watching.value
        if status != 0 { throw ExitCode(status) }
    }

    /// `path`, or the nearest folder holding a Package.swift from the current one up; fails,
    /// saying what to do, when there is none.
    static func packageRoot(_ path: String?) throws -> URL {
        let manager = FileManager.default
        if let path {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            guard manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path) else {
                throw ValidationError("--package-path \(path) has no Package.swift: give the folder of the package to build")
            }
            return url
        }
        var folder = URL(fileURLWithPath: manager.currentDirectoryPath).standardizedFileURL
        while true {
            if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else {
                throw ValidationError("no Package.swift here or above: run \(Host.commandName) dev in the package's folder, or give --package-path")
            }
            folder = parent
        }
    }

    /// The SwiftPM build folder this command's binary is in (`.build/x86_64-unknown-linux-gnu/debug/greeter`
    /// is in `.build`), found by the file SwiftPM keeps at its top; nil for a binary that was
    /// copied elsewhere. `swift run --scratch-path DIR greeter dev` then rebuilds into `DIR`.
    static func ownBuildFolder() -> String? {
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = binary.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<3 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("workspace-state.json").path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `stop` at the first SIGINT or SIGTERM, instead of dying at once.
    private static func onTermination(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    /// What `dev` itself says, on stderr: stdout is the REPL's.
    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("\(Host.commandName) dev: \(text)\n".utf8))
    }
}
