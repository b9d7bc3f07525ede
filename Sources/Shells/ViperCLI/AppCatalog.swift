import AccountsApp
import ArgumentParser
import ChatApp
import FlightsApp
import Foundation
import NewsApp
import SampleServer
import ServiceKit
import Synchronization
import TodoApp
import ViperCore
import ViperStore
import ViperTesting
import WeatherApp

/// The apps this executable hosts, the one database they share, and the servers their
/// Services reach: the ones the options name, else the sample server started in this process.
struct AppCatalog: Sendable {
    static let names = [TodoApp.name, AccountsApp.name, NewsApp.name, WeatherApp.name, FlightsApp.name, ChatApp.name]
    /// The migrations of every hosted app and of the embedded sample server, run together when
    /// the database opens.
    static let migrations = TodoApp.migrations + AccountsApp.migrations + NewsApp.migrations + WeatherApp.migrations + SampleServer.migrations

    /// What `EngineConfiguration` registers.
    let apps: [AppFactory]
    private let workspaces: WorkspaceStores

    /// The apps of `viper serve` and the REPL: the sessions of one workspace work on one
    /// database, the default workspace's at `location` and each other's beside it. The default
    /// workspace's file is opened now, so that a bad `--db` fails before the first request; any
    /// other database is made when an app first needs it, so that a session that never starts
    /// one does not pay for it (a third of a cold start; BENCHMARKS.md). A workspace's sample
    /// server, when an app needs it, runs on `serverClock` and keeps its state in that
    /// workspace's database.
    /// `environment` gives the news key when `--news-api-key` does not (`NEWS_API_KEY`).
    init(
        keepingDataIn location: DatabaseLocation, services: ServiceOptions, environment: [String: String], serverClock: SampleClock = .system
    ) throws {
        let workspaces = WorkspaceStores(location: location, serverClock: serverClock)
        if location.file != nil { _ = try workspaces.database(of: .default) }
        self.workspaces = workspaces
        apps = Self.factories(
            services: services, newsKey: services.newsKey(environment: environment), sampleServer: workspaces.sampleServer(of:),
            makeDatabase: workspaces.database(of:))
    }

    /// Stops the sample servers that started and closes the databases that were opened, so
    /// that a clean exit leaves no `-wal` and `-shm` files beside them.
    func close() async throws {
        try await workspaces.close()
    }

    /// The engine of `viper test` in this process: each transcript's session starts from an
    /// empty database of its own, and with its own sample server unless the transcript's
    /// options (`$ viper serve --api-url …`) name a server, so transcripts running side by side
    /// never see each other's data. `NEWS_API_KEY` does not count there: a transcript says
    /// what its engine gets.
    static let transcriptEngine = TranscriptEngine.inProcess { options in
        let parsed: TranscriptOptions
        do {
            parsed = try TranscriptOptions.parse(options)
        } catch {
            throw TranscriptOptionsError(description: "the transcript's options (\(options.joined(separator: " "))): \(TranscriptOptions.message(for: error))")
        }
        let apps = factories(services: parsed.services, newsKey: parsed.services.newsKey(environment: [:]), sampleServer: nil) { _ in
            try StoreDatabase.inMemory(migrations: migrations)
        }
        return Engine(EngineConfiguration(apps: apps, allowsFaultInjection: parsed.enableFaultInjection, logger: .discarding))
    }

    /// The hosted apps, for what describes them (`viper schema`); each session would have its
    /// own database in memory and its own sample server.
    static func described() throws -> [AppFactory] {
        factories(services: try ServiceOptions.parse([]), newsKey: nil, sampleServer: nil) { _ in try StoreDatabase.inMemory(migrations: migrations) }
    }

    /// The factories of the hosted apps. `makeDatabase` gives the database of a session's apps,
    /// by the session's workspace; so does `sampleServer` its sample server, and without it,
    /// each session that needs one gets its own, on its database.
    private static func factories(
        services: ServiceOptions, newsKey: String?, sampleServer shared: (@Sendable (Workspace) -> EmbeddedSampleServer)?,
        makeDatabase: @escaping @Sendable (Workspace) throws -> StoreDatabase
    ) -> [AppFactory] {
        let apiURL = services.apiURL.flatMap(ServiceOptions.url)
        let newsURL = services.newsURL.flatMap(ServiceOptions.url)
        let weatherURL = services.weatherURL.flatMap(ServiceOptions.url)
        let geocodingURL = services.geocodingURL.flatMap(ServiceOptions.url)
        // The sample server of a session's apps: the shared one, or one of this session's on
        // its `database` and clock, which starts only if a request needs it.
        @Sendable func sampleServer(on database: StoreDatabase, for environment: AppEnvironment) -> EmbeddedSampleServer {
            shared?(environment.workspace) ?? EmbeddedSampleServer(database: { database }, session: environment.clock)
        }
        // `url` when an option gave one; else `sampleServer`.
        @Sendable func endpoint(_ url: URL?, or sampleServer: EmbeddedSampleServer) -> ServiceEndpoint {
            if let url { return .fixed(url) }
            return ServiceEndpoint { try await sampleServer.baseURL() }
        }
        return [
            AppFactory(TodoApp.self) { environment in TodoApp(database: try makeDatabase(environment.workspace), faults: environment.faults) },
            AppFactory(AccountsApp.self) { environment in
                let database = try makeDatabase(environment.workspace)
                return AccountsApp(
                    database: database, api: endpoint(apiURL, or: sampleServer(on: database, for: environment)),
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            AppFactory(NewsApp.self) { environment in
                let database = try makeDatabase(environment.workspace)
                return NewsApp(
                    database: database, news: endpoint(newsURL, or: sampleServer(on: database, for: environment)), apiKey: newsKey,
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            AppFactory(WeatherApp.self) { environment in
                let database = try makeDatabase(environment.workspace)
                let server = sampleServer(on: database, for: environment)
                return WeatherApp(
                    database: database, forecast: endpoint(weatherURL, or: server), geocoding: endpoint(geocodingURL, or: server),
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            AppFactory(FlightsApp.self) { environment in
                let server = sampleServer(on: try makeDatabase(environment.workspace), for: environment)
                let client = ServiceClient(http: environment.http, faults: environment.faults)
                return FlightsApp(
                    api: endpoint(apiURL, or: server), client: client,
                    weather: WeatherApp.detailModule(forecast: endpoint(weatherURL, or: server), client: client))
            },
            AppFactory(ChatApp.self) { environment in
                ChatApp(
                    api: endpoint(apiURL, or: sampleServer(on: try makeDatabase(environment.workspace), for: environment)),
                    client: ServiceClient(http: environment.http, faults: environment.faults),
                    author: services.chatName?.trimmingCharacters(in: .whitespaces) ?? ChatApp.defaultAuthor)
            },
        ]
    }
}

/// A transcript asked for options its engine cannot take.
private struct TranscriptOptionsError: Error, CustomStringConvertible {
    let description: String
}

/// The databases and sample servers of an engine's sessions, one of each per workspace, made
/// the first time a session of that workspace needs it.
private final class WorkspaceStores: Sendable {
    private let databases: WorkspaceDatabases
    private let serverClock: SampleClock
    private let servers = Mutex<[Workspace: EmbeddedSampleServer]>([:])

    init(location: DatabaseLocation, serverClock: SampleClock) {
        databases = WorkspaceDatabases(location: location)
        self.serverClock = serverClock
    }

    func database(of workspace: Workspace) throws -> StoreDatabase {
        try databases.opened(for: workspace)
    }

    func sampleServer(of workspace: Workspace) -> EmbeddedSampleServer {
        servers.withLock { servers in
            if let server = servers[workspace] { return server }
            // The server holds the databases, not these stores, which hold the server.
            let databases = databases
            let server = EmbeddedSampleServer(database: { try databases.opened(for: workspace) }, clock: serverClock)
            servers[workspace] = server
            return server
        }
    }

    func close() async throws {
        for server in servers.withLock({ Array($0.values) }) { await server.stop() }
        try databases.close()
    }
}

/// Each workspace's database, opened the first time one of its sessions needs it.
private final class WorkspaceDatabases: Sendable {
    private let location: DatabaseLocation
    private let databases = Mutex<[Workspace: StoreDatabase]>([:])

    init(location: DatabaseLocation) {
        self.location = location
    }

    func opened(for workspace: Workspace) throws -> StoreDatabase {
        try databases.withLock { databases in
            if let database = databases[workspace] { return database }
            let opened = try location.of(workspace).open(migrations: AppCatalog.migrations)
            databases[workspace] = opened
            return opened
        }
    }

    func close() throws {
        try databases.withLock { databases in
            for database in databases.values { try database.close() }
        }
    }
}
