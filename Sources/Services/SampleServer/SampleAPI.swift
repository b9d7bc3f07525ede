import ViperJSON
import ViperStore

/// Every API of the sample server behind one router, sharing one database and one clock.
struct SampleAPI: Sendable {
    let router: SampleRouter
    let chat: ChatRoom
    private let relay: Task<Void, Never>

    init(configuration: SampleServerConfiguration) {
        let chat = ChatRoom()
        var router = SampleRouter()
        UsersAPI(store: configuration.store, clock: configuration.clock, hashing: configuration.passwordHashing).register(in: &router)
        HeadlinesAPI(clock: configuration.clock, requiresAPIKey: configuration.requiresAPIKey).register(in: &router)
        WeatherAPI(clock: configuration.clock).register(in: &router)
        FlightsAPI(store: configuration.store, clock: configuration.clock).register(in: &router)
        ChatAPI(store: configuration.store, clock: configuration.clock, room: chat).register(in: &router)
        let endpoints = router.routes.map { JSONValue.string("\($0.method) /\($0.segments.joined(separator: "/"))") }
        router.add("GET", "/") { _, _ throws(SampleFailure) in
            SampleResponse(200, [
                "name": "viper sample server",
                "documentation": "docs/sample-server.openapi.json",
                "endpoints": .array(endpoints),
            ])
        }
        self.router = router
        self.chat = chat
        // Messages written through another process on the same database wake this one's polls.
        let written = configuration.store.changes(of: [SampleStore.chatTopic])
        relay = Task {
            for await _ in written { await chat.changed() }
        }
    }

    /// Ends the chat's long polls and stops hearing of other processes' messages.
    func close() async {
        relay.cancel()
        await chat.close()
    }
}
