import ViperCore

/// Starts the live feed as background work of the scene that asks: it runs until the scene
/// leaves the stack.
protocol ChatFeedStarting: Sendable {
    /// Starts polling after the message numbered `sequence`; `statusChanged` hears when polls
    /// fail and when they work again.
    func start(after sequence: Int, statusChanged: @escaping @Sendable (ChatFeedStatus) async -> Void) async
}

/// The live feed run in a scene's tasks, posting on the session's bus.
struct SceneChatFeed: ChatFeedStarting {
    let feed: ChatLiveFeed
    let tasks: SceneTasks

    func start(after sequence: Int, statusChanged: @escaping @Sendable (ChatFeedStatus) async -> Void) async {
        let feed = feed
        await tasks.run { await feed.run(after: sequence, statusChanged: statusChanged) }
    }
}
