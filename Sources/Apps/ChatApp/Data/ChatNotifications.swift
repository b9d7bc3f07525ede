import ViperCore

/// The notifications a chat Interactor subscribes to, for as long as its scene is live: the
/// session's bus, or a test's double.
protocol ChatNotifications: Sendable {
    /// Calls `handler` with every `chat.messageReceived` while the scene is live.
    func subscribe(_ handler: @escaping @Sendable (ChatMessageReceived) async -> Void) async
}

/// `chat.messageReceived` on the session's notification bus.
struct BusChatNotifications: ChatNotifications {
    let bus: NotificationBus

    func subscribe(_ handler: @escaping @Sendable (ChatMessageReceived) async -> Void) async {
        await bus.subscribe(ChatMessageReceived.self, handler)
    }
}
