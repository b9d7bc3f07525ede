import Foundation
public import ViperCore
import Logging
public import ViperStore
import Synchronization

/// What a host's apps are made from, for one engine: the database of each session's workspace,
/// the environment, and what to stop when the engine closes.
///
/// An app gets a `Store` of its own on its session's database (`Store(try resources.database(for:
/// environment))`), so that its writes are heard by the other sessions of the workspace, not by
/// itself.
public final class AppResources: WorkspaceAdmission {
    /// The process's environment (`NEWS_API_KEY`, say); empty for transcripts, which say
    /// themselves what their engine gets.
    public let environment: [String: String]

    /// Whether a server the host runs inside the engine reads the clock of the session it
    /// serves: true when every session has a server of its own or the engine serves one session
    /// (the REPL, `serve` over stdio, `mcp`, each transcript), so that the server's "now" is the
    /// session's (news "5 minutes ago", a chat message sent "Today 09:41", the days a forecast
    /// starts from), fixed while the session's clock is and moved by `clock.set`. False with
    /// `--listen`, where the sessions of a workspace share one server, which then runs on the
    /// system clock.
    public let serversReadSessionClock: Bool

    /// Whether each session keeps its data to itself, as the sessions of transcripts do: then
    /// `database(for:)` gives a new empty database each time, and anything else the host would
    /// share between the sessions of a workspace should be made per session too.
    public let isolatesSessions: Bool

    private let location: DatabaseLocation
    /// The SQLite databases of the workspaces (unused on PostgreSQL).
    private let workspaces: WorkspaceDatabases
    /// The database many processes share, once `prepare()` has opened it.
    private let shared = Mutex<(any SharedDatabase)?>(nil)
    private let closing = Mutex<[@Sendable () async -> Void]>([])
    private let replay = Mutex<[String]>([])
    private let madeJournals = Mutex<[StoreSessionJournals]>([])

    init(
        location: DatabaseLocation, environment: [String: String], serversReadSessionClock: Bool, isolatesSessions: Bool,
        workspaceLimits: WorkspaceLimits = .standard
    ) {
        self.location = location
        workspaces = WorkspaceDatabases(location: location, limits: workspaceLimits)
        self.environment = environment
        self.serversReadSessionClock = serversReadSessionClock
        self.isolatesSessions = isolatesSessions
    }

    /// The database of the session `environment` belongs to, with the host's migrations run:
    /// its workspace's, opened the first time one of its sessions needs it, or, when sessions
    /// are isolated, a new one in memory.
    ///
    /// When the session keeps a journal, what each transaction gives goes into it; while the
    /// session is rebuilt from its journal, transactions are answered from there and never
    /// reach the database (`JournaledStoreBackend`).
    ///
    /// What goes wrong opening another workspace's database is said to the client without the
    /// server's paths (they are in the log): the client named the workspace, not the file.
    public func database(for environment: AppEnvironment) throws -> any StoreBackend {
        let database: any StoreBackend
        if isolatesSessions {
            database = try SQLiteStore.inMemory(migrations: workspaces.migrations)
        } else if case .postgres = location {
            database = try self.database(of: environment.workspace)
        } else if environment.workspace == .default {
            database = try workspaces.lease(.default)
        } else {
            do {
                database = try workspaces.lease(environment.workspace)
            } catch {
                Logger(label: "viper").error("cannot open a workspace's database", metadata: ["workspace": "\(environment.workspace)", "error": "\(error)"])
                throw DatabaseLocationError("the data of workspace '\(environment.workspace)' cannot be opened on this server; its log says why")
            }
        }
        return JournaledStoreBackend(database, journal: SessionStoreJournal(replay: environment.replay))
    }

    /// The apps made from these resources are `apps`: their databases run their migrations.
    func host(_ apps: [HostedApp]) -> [AppFactory] {
        workspaces.migrations = HostedApp.migrations(of: apps) + StoreSessionJournals.migrations
        return apps.map(\.factory)
    }

    /// Runs `action` when the engine closes, before the databases close: to stop a server the
    /// host started inside the engine.
    public func onClose(_ action: @escaping @Sendable () async -> Void) {
        closing.withLock { $0.append(action) }
    }

    /// Adds options to the `$ viper serve` line of a session recorded with its HTTP scripted
    /// (`mcp --record`), so that its replay asks for the same URLs: a host that starts a server
    /// inside the engine on a port the system picks names that server's URL here. An option
    /// already added keeps its first value.
    public func addReplayArguments(_ arguments: [(option: String, value: String)]) {
        replay.withLock { replay in
            for (option, value) in arguments where !replay.contains(option) { replay += [option, value] }
        }
    }

    /// What `addReplayArguments` added, as typed.
    var replayArguments: [String] { replay.withLock { $0 } }

    /// Opens what cannot be opened as the apps are made: a PostgreSQL database, connected to and
    /// migrated for the default workspace, hearing every process's changes. Throws, naming the
    /// server and never the password, when it cannot.
    func prepare(logger: Logger) async throws {
        guard case .postgres(let location) = location else { return }
        let database = try await SharedDatabases.open(location, migrations: workspaces.migrations, logger: logger)
        shared.withLock { $0 = database }
    }

    /// The database of `workspace`, opened the first time it is needed.
    public func database(of workspace: Workspace) throws -> any StoreBackend {
        if case .postgres(let location) = location {
            guard let database = shared.withLock({ $0 }) else {
                throw DatabaseLocationError("the database \(location) is not open yet")
            }
            return database.store(forWorkspace: workspace == .default ? nil : workspace.name)
        }
        return try workspaces.database(of: workspace)
    }

    /// The database of `workspace`, held open while the value lives (a SQLite workspace's closes
    /// once idle, `WorkspaceDatabases`).
    func heldDatabase(of workspace: Workspace) throws -> any StoreBackend {
        if case .postgres = location { return try database(of: workspace) }
        return try workspaces.lease(workspace)
    }

    /// Runs `action` before a workspace's database closes, once no session has held it for
    /// `--workspace-idle`: to stop a server the host started for that workspace.
    public func onWorkspaceClose(_ action: @escaping @Sendable (Workspace) async -> Void) {
        workspaces.onClose(action)
    }

    /// Whether a session may work in `workspace`: it exists already, or fewer than
    /// `--max-workspaces` do (`WorkspaceLimits`).
    public func admit(_ workspace: Workspace) async -> String? {
        guard !isolatesSessions else { return nil }
        guard case .postgres = location, workspace != .default else { return workspaces.admit(workspace) }
        guard let database = shared.withLock({ $0 }), let counted = await database.workspaceCount(including: workspace.name) else { return nil }
        let limit = workspaces.limits.maxWorkspaces
        guard !counted.includes, counted.count + 1 >= limit else { return nil }
        return WorkspaceDatabases.refusal(limit)
    }

    /// Session journals in the default workspace's database, which every process given the
    /// same database shares; each expires `lifetime` after its session ended, holds at most
    /// `limits`, and is sealed with `credential` (the server's token) as well as its key.
    func journals(lifetime: Duration, limits: JournalLimits, credential: String?) throws -> any SessionJournals {
        let journals = StoreSessionJournals(
            database: try database(of: .default), workspaceDatabase: { [unowned self] in try self.heldDatabase(of: $0) }, lifetime: lifetime,
            limits: limits, credential: credential)
        madeJournals.withLock { $0.append(journals) }
        return journals
    }

    /// Runs what `onClose` was given, then closes the databases that were opened, so that a
    /// clean exit leaves no `-wal` and `-shm` files beside them.
    func close() async throws {
        for journals in madeJournals.withLock({ $0 }) { journals.stop() }
        for action in closing.withLock({ $0 }) { await action() }
        try await workspaces.closeAll()
        await shared.withLock { $0 }?.close()
    }
}
