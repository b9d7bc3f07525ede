import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// Explores a host's apps (`explore`, and `mcp`'s `explore` tool): in this process, each
/// session with an engine of its own, an empty database in memory and its own sample server,
/// or in an engine started by a shell command; the HTTP the session performs goes out through
/// URLSession, giving a server 3 s to answer.
struct HostExplorer<Host: ViperHost>: Sendable {
    let options: Host.Options
    let environment: [String: String]
    /// The shell command that starts an engine, instead of one in this process.
    let command: String?
    /// The protocol's JSON Schema for that engine's apps, when it is given; in this process,
    /// the host's own.
    var schema: JSONValue? = nil

    /// The walk of `app`, from `seed`, for `steps` actions or `timeLimit`, from `now`, choosing
    /// its actions by `strategy`.
    func explore(
        app: String, seed: UInt64, steps: Int, timeLimit: Duration, now: Date, strategy: ExploreStrategy = .steered
    ) async throws(EngineFailure) -> ExploreReport {
        var settings = Explorer.Options(app: app, now: now)
        settings.strategy = strategy
        settings.seed = seed
        settings.steps = steps
        settings.timeLimit = timeLimit
        let described = try? HostedApps<Host>.described()
        settings.schema = command == nil ? described.map(ProtocolSchema.document(for:)) : schema
        // An engine of its own process makes them fail only when started with
        // --enable-fault-injection; its initialize says whether it was.
        settings.faultOperations = described?.first { $0.name == app }?.faultOperations ?? []
        settings.serverErrors = described?.first { $0.name == app }?.serverErrors ?? []
        // Keyed by scene kind: an engine of its own process is checked where its scenes are
        // the host's.
        settings.appInvariants = described?.flatMap(\.invariants) ?? []
        let performer = HTTPEffectPerformer(http: URLSessionHTTPClient(timeout: 3))
        return try await Explorer(target: target, options: settings, perform: { request in await performer.reply(to: request) }).run()
    }

    private var target: ExploreTarget {
        if let command { return .command(command) }
        let options = options
        let environment = environment
        return .inProcess {
            let catalog = try HostedApps<Host>(keepingDataIn: .memory, options: options, environment: environment, oneSession: true)
            let engine = Engine(EngineConfiguration(apps: catalog.apps, allowsFaultInjection: true, logger: .discarding))
            return (engine, { try? await catalog.close() })
        }
    }

    /// The session clock explore starts from unless told otherwise: fixed, so that a walk is
    /// the same on any day.
    static var defaultStart: String { "2026-11-19T09:00:00Z" }
}
