import AccountsApp
import ChatApp
import FlightsApp
import Foundation
import NewsApp
import SampleServer
import ServiceKit
import TodoApp
import ViperCommandLine
import ViperCore
import ViperStore
import WeatherApp

/// The apps of this repository, and the servers their Services reach: the ones the options
/// name, else the sample server started in this process.
enum ViperApps {
    /// The apps, each with its migrations: an app whose Services may reach the sample server
    /// started in this process names the server's too, since the server keeps its state in
    /// the same database. A workspace's sample server, when an app needs it, keeps its state in
    /// that workspace's database and runs on the clock `--now` set; when sessions keep their
    /// data to themselves (transcripts), each session that needs one gets its own, on its
    /// database and clock. `NEWS_API_KEY` gives the news key when `--news-api-key` does not.
    static func apps(services: ServiceOptions, resources: AppResources) -> [HostedApp] {
        let apiURL = services.apiURL.flatMap(ServiceOptions.url)
        let newsURL = services.newsURL.flatMap(ServiceOptions.url)
        let weatherURL = services.weatherURL.flatMap(ServiceOptions.url)
        let geocodingURL = services.geocodingURL.flatMap(ServiceOptions.url)
        let newsKey = services.newsKey(environment: resources.environment)
        let shared = resources.isolatesSessions ? nil : WorkspaceSampleServers(resources: resources, replayArguments: services.replayArguments(sampleServer:))
        // The sample server of a session's apps: its workspace's, or one of this session's on
        // its `database` and clock, which starts only if a request needs it.
        @Sendable func sampleServer(on database: any StoreBackend, for environment: AppEnvironment) -> EmbeddedSampleServer {
            shared?.server(for: environment) ?? EmbeddedSampleServer(database: { database }, session: environment.clock)
        }
        // `url` when an option gave one; else `sampleServer`.
        @Sendable func endpoint(_ url: URL?, or sampleServer: EmbeddedSampleServer) -> ServiceEndpoint {
            if let url { return .fixed(url) }
            return ServiceEndpoint(headers: sampleServer.accessHeaders) { try await sampleServer.baseURL() }
        }
        return [
            HostedApp(TodoApp.self, migrations: TodoApp.migrations) { environment in TodoApp(store: Store(try resources.database(for: environment)), faults: environment.faults) },
            HostedApp(AccountsApp.self, migrations: AccountsApp.migrations + SampleServer.migrations) { environment in
                let database = try resources.database(for: environment)
                return AccountsApp(
                    store: Store(database), api: endpoint(apiURL, or: sampleServer(on: database, for: environment)),
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            HostedApp(NewsApp.self, migrations: NewsApp.migrations + SampleServer.migrations) { environment in
                let database = try resources.database(for: environment)
                return NewsApp(
                    store: Store(database), news: endpoint(newsURL, or: sampleServer(on: database, for: environment)), apiKey: newsKey,
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            HostedApp(WeatherApp.self, migrations: WeatherApp.migrations + SampleServer.migrations) { environment in
                let database = try resources.database(for: environment)
                let server = sampleServer(on: database, for: environment)
                return WeatherApp(
                    store: Store(database), forecast: endpoint(weatherURL, or: server), geocoding: endpoint(geocodingURL, or: server),
                    client: ServiceClient(http: environment.http, faults: environment.faults))
            },
            HostedApp(FlightsApp.self, migrations: SampleServer.migrations) { environment in
                let database = try resources.database(for: environment)
                let server = sampleServer(on: database, for: environment)
                let client = ServiceClient(http: environment.http, faults: environment.faults)
                return FlightsApp(
                    api: endpoint(apiURL, or: server), client: client,
                    weather: WeatherApp.detailModule(forecast: endpoint(weatherURL, or: server), client: client), store: Store(database))
            },
            HostedApp(ChatApp.self, migrations: SampleServer.migrations) { environment in
                ChatApp(
                    api: endpoint(apiURL, or: sampleServer(on: try resources.database(for: environment), for: environment)),
                    client: ServiceClient(http: environment.http, faults: environment.faults),
                    author: services.chatName?.trimmingCharacters(in: .whitespaces) ?? ChatApp.defaultAuthor)
            },
        ]
    }
}
