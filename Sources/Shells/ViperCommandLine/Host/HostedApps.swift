import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperTesting

/// The apps a host makes for one engine, and the resources they were made from.
struct HostedApps<Host: ViperHost> {
    /// What `EngineConfiguration` registers.
    let apps: [AppFactory]
    private let resources: AppResources

    /// The apps of `serve` and the REPL: the sessions of one workspace work on one database,
    /// the default workspace's at `location` and each other's beside it. The default
    /// workspace's file is opened now, so that a bad `--db` fails before the first request; any
    /// other database is made when an app first needs it, so that a session that never starts
    /// one does not pay for it (a third of a cold start; BENCHMARKS.md).
    /// With `oneSession` (the REPL, `serve` over stdio, `mcp`), servers inside the engine read
    /// the session's clock (`AppResources.serversReadSessionClock`).
    /// At most `workspaces.maxWorkspaces` workspaces are let in (`admission`), and a
    /// workspace's file closes `workspaces.idle` after its last session.
    init(
        keepingDataIn location: DatabaseLocation, options: Host.Options, environment: [String: String], oneSession: Bool,
        workspaces: WorkspaceLimits = .standard
    ) throws {
        let resources = AppResources(
            location: location, environment: environment, serversReadSessionClock: oneSession, isolatesSessions: false, workspaceLimits: workspaces)
        apps = resources.host(try Host.apps(options: options, resources: resources))
        if location.file != nil { _ = try resources.database(of: .default) }
        self.resources = resources
    }

    /// Opens a PostgreSQL database (`serve --database`), which needs to wait on the network:
    /// connects, migrates the default workspace's schema, listens for every process's changes.
    func prepare(logger: Logger) async throws {
        try await resources.prepare(logger: logger)
    }

    /// Which workspaces sessions may work in (`EngineConfiguration.workspaces`).
    var admission: any WorkspaceAdmission { resources }

    /// The options a recording with scripted HTTP adds so that it replays (`AppResources.addReplayArguments`).
    var replayArguments: [String] { resources.replayArguments }

    /// Session journals in the database the apps keep their data in (`AppResources.journals`).
    func journals(lifetime: Duration, limits: JournalLimits, credential: String?) throws -> any SessionJournals {
        try resources.journals(lifetime: lifetime, limits: limits, credential: credential)
    }

    /// Stops what the host started and closes the databases that were opened.
    func close() async throws {
        try await resources.close()
    }

    /// The engine of `test` in this process: each transcript's session starts from an empty
    /// database of its own, so transcripts running side by side never see each other's data.
    /// The environment does not count there: a transcript's options say what its engine gets.
    static var transcriptEngine: TranscriptEngine {
        TranscriptEngine.inProcess { arguments in
            let parsed: TranscriptOptions<Host>
            do {
                parsed = try TranscriptOptions<Host>.parse(arguments)
            } catch {
                throw TranscriptOptionsError(
                    description: "the transcript's options (\(arguments.joined(separator: " "))): \(TranscriptOptions<Host>.message(for: error))")
            }
            let resources = isolatedResources()
            let apps = resources.host(try Host.apps(options: parsed.options, resources: resources))
            return Engine(EngineConfiguration(apps: apps, allowsFaultInjection: parsed.enableFaultInjection, logger: .discarding))
        }
    }

    /// The hosted apps with default options, for what describes them (`schema`, help).
    static func described() throws -> [AppFactory] {
        let resources = isolatedResources()
        return resources.host(try Host.apps(options: try Host.Options.parse([]), resources: resources))
    }

    /// The names of the hosted apps, for help; none when the host cannot make them.
    static var names: [String] {
        ((try? described()) ?? []).map(\.name)
    }

    /// Resources whose every session has its data to itself, in memory.
    private static func isolatedResources() -> AppResources {
        AppResources(location: .memory, environment: [:], serversReadSessionClock: true, isolatesSessions: true)
    }
}

/// A transcript asked for options its engine cannot take.
private struct TranscriptOptionsError: Error, CustomStringConvertible {
    let description: String
}
