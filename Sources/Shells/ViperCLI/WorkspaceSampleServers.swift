import Foundation
import Synchronization
import ViperCommandLine
import SampleServer
import ViperCore

/// The sample servers of an engine's workspaces, one each, made the first time a session of
/// that workspace needs it and stopped when the engine closes.
final class WorkspaceSampleServers: Sendable {
    private let resources: AppResources
    private let servers = Mutex<[Workspace: EmbeddedSampleServer]>([:])
    private let replayArguments: @Sendable (URL) -> [(option: String, value: String)]

    /// Servers of `resources`' workspaces; `replayArguments` gives the options that name a
    /// server's URL, for recordings whose HTTP is scripted (`AppResources.addReplayArguments`).
    init(resources: AppResources, replayArguments: @escaping @Sendable (URL) -> [(option: String, value: String)]) {
        self.resources = resources
        self.replayArguments = replayArguments
        // Weakly: the resources outlive the apps, which hold this object.
        resources.onClose { [weak self] in
            for server in self?.servers.withLock({ Array($0.values) }) ?? [] { await server.stop() }
        }
        // A workspace no session used for a while lets its server go with its database; the
        // next session that needs one starts it again.
        resources.onWorkspaceClose { [weak self] workspace in
            await self?.servers.withLock { $0.removeValue(forKey: workspace) }?.stop()
        }
    }

    /// 32 random hexadecimal digits.
    private static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }

    /// The server of `environment`'s workspace, on its database, reading the clock of the
    /// session that first needs it when the engine serves one session (`AppResources.serversReadSessionClock`),
    /// else the system's.
    func server(for environment: AppEnvironment) -> EmbeddedSampleServer {
        servers.withLock { servers in
            if let server = servers[environment.workspace] { return server }
            // The server holds the resources, not this object, which the resources' close holds.
            let resources = resources
            let replayArguments = replayArguments
            let server = EmbeddedSampleServer(
                // The workspace's database as it is, never the journaled one of the session that
                // first needed the server: the server answers every session of the workspace.
                database: { try resources.database(of: environment.workspace) },
                clock: resources.serversReadSessionClock ? .reading { [clock = environment.clock] in clock.now } : .system,
                // Served to many clients (--listen, maybe with --token-file), it answers only
                // this engine; a session of its own (the REPL, a recording) records no secret.
                accessKey: resources.serversReadSessionClock ? nil : Self.randomKey(),
                onStart: { url in resources.addReplayArguments(replayArguments(url)) })
            servers[environment.workspace] = server
            return server
        }
    }
}
