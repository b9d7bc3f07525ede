import ViperJSON

/// The bus subscriptions of a session's live scenes, in the order they were made.
struct BusSubscriptions {
    private var subscriptions: [BusSubscription] = []

    mutating func add(_ subscription: BusSubscription) {
        subscriptions.append(subscription)
    }

    /// A scene left: its subscriptions end.
    mutating func removeAll(of scene: SceneID) {
        subscriptions.removeAll { $0.scene == scene }
    }

    /// The subscriptions to `name` of the scenes in `positions`, bottom of the stack first, and
    /// for one scene in the order they were made.
    func subscribers(to name: String, positions: [SceneID: Int]) -> [BusSubscription] {
        subscriptions.enumerated()
            .compactMap { offset, subscription in
                positions[subscription.scene].flatMap { subscription.name == name ? (subscription, $0, offset) : nil }
            }
            .sorted { ($0.1, $0.2) < ($1.1, $1.2) }
            .map(\.0)
    }
}
