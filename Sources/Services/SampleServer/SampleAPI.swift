import ViperJSON

/// Every API of the sample server behind one router, sharing one database and one clock.
struct SampleAPI: Sendable {
    let router: SampleRouter
    let chat: ChatRoom

    init(configuration: SampleServerConfiguration) {
        let chat = ChatRoom()
        var router = SampleRouter()
        UsersAPI(database: configuration.database, clock: configuration.clock, hashing: configuration.passwordHashing).register(in: &router)
        HeadlinesAPI(clock: configuration.clock, requiresAPIKey: configuration.requiresAPIKey).register(in: &router)
        WeatherAPI(clock: configuration.clock).register(in: &router)
        FlightsAPI(database: configuration.database, clock: configuration.clock).register(in: &router)
        ChatAPI(database: configuration.database, clock: configuration.clock, room: chat).register(in: &router)
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
    }
}
