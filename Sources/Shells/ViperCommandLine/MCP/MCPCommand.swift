import ArgumentParser
import Foundation
import Logging
import MCP
import ViperCore
import ViperJSON

/// `mcp`: an AI agent as the View, over the Model Context Protocol on stdin and stdout.
struct MCPCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mcp",
            abstract: "Let an AI agent be the View: the apps as Model Context Protocol tools, over stdin and stdout.",
            discussion: """
                Speaks MCP over stdio (one JSON-RPC message per line) and hosts one engine \
                session with every app. Tools: list_apps, start_app, send_event, go_back, \
                post_notification, set_clock, read_stack, and explore (the app explored by itself in \
                sessions of its own, as `\(Host.commandName) explore` does); each step's result gives what it caused \
                (navigations, view models, the HTTP the apps made) as text and as structured \
                content. The live scenes are resources, viper://scene/KIND/N. The session \
                performs the apps' HTTP itself, against the servers the options name or the \
                sample server inside this process. Logs go to stderr.

                With --record, the session is written as a golden transcript when the client \
                leaves: the requests, what the engine answered, and every HTTP answer as a \
                scripted reply, so that `\(Host.commandName) test FILE` replays it with no server. \
                Secrets (passwords) are replaced by stand-ins of the same length.

                Register it with an MCP client, e.g. Claude Code:
                  claude mcp add \(Host.commandName) -- /path/to/\(Host.commandName) mcp --record exploration.transcript
                """
        )
    }

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp("An SQLite file for the apps' data. Default: in memory, gone when the session ends, so that a recording replays.", valueName: "path"))
    var databasePath: String?

    @OptionGroup(title: Host.optionsTitle)
    var options: Host.Options

    @OptionGroup
    var session: SessionOptions

    @Option(help: ArgumentHelp("Write the session as a golden transcript to this file when the client leaves; it must not exist.", valueName: "path"))
    var record: String?

    @Option(help: "How much to log on stderr.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        if let record, FileManager.default.fileExists(atPath: record) {
            throw ValidationError("--record \(record): the file exists already; record to a new file, or remove it first")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        StandardErrorLogging.bootstrap(level: logLevel)
        let environment = ProcessInfo.processInfo.environment
        let location = DatabaseLocation(argument: databasePath)
        if record != nil, let file = location.file {
            FileHandle.standardError.write(Data(
                "\(Host.commandName) mcp: note: the session reads \(file); a replay starts with an empty database, so it may differ. Record without --db.\n".utf8))
        }
        let start = session.start
        // The servers inside the engine read the session's clock, so that what they serve
        // (news ages, flight dates) agrees with the session's day.
        let catalog = try HostedApps<Host>(keepingDataIn: location, options: options, environment: environment, oneSession: true)
        let engine = Engine(EngineConfiguration(apps: catalog.apps, logger: Logger(label: Host.commandName)))
        let settings = EngineClient.settings(now: start, timeZoneName: session.timeZoneName, locale: session.locale, firstWeekday: session.firstWeekday)
        let agentSession = AgentSession(engine: engine, settings: settings, http: URLSessionHTTPClient())
        let explorer = HostExplorer<Host>(options: options, environment: environment, command: nil)
        let explore: AgentToolCalls.Explore = { app, seed, steps, timeLimit in
            try await explorer.explore(app: app, seed: seed, steps: steps, timeLimit: timeLimit, now: ExploreCommand<Host>.instant(HostExplorer<Host>.defaultStart)!)
        }
        try await AgentServer.run(agentSession, name: Host.commandName, version: EngineInfo.version, transport: StdioLineTransport(), explore: explore)
        if let record {
            try await write(agentSession, to: record, resources: catalog)
        }
        try await catalog.close()
    }

    private func write(_ agentSession: AgentSession, to path: String, resources: HostedApps<Host>) async throws {
        var redactor = SecretRedactor()
        let catalog = SceneCatalog(describeResult: await agentSession.description)
        let text = await agentSession.transcript(
            engineOptions: options.arguments + resources.replayArguments,
            comments: ["Recorded from an agent's session with `\(Host.commandName) mcp --record`; replay with: \(Host.commandName) test \(path)"],
            redact: { redactor.redactedEverywhere($0, catalog: catalog) })
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ValidationError("could not write the recording to \(path): \(error.localizedDescription)")
        }
    }
}
